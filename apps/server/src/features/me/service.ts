import type { Me } from '@petti/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EmailSender } from '../../platform/email/email-sender.ts';
import type { AddressesService } from '../addresses/index.ts';
import { type AuthService, emailLinks } from '../auth/index.ts';
import type { CartService } from '../cart/index.ts';
import { type User, usersService } from '../users/index.ts';

const EMAIL_LINK_TTL_MS = 24 * 3_600_000;

export function createMeService(deps: {
  db: Db;
  clock: Clock;
  auth: AuthService;
  addresses: Pick<AddressesService, 'deleteAllFor'>;
  cart: Pick<CartService, 'deleteFor'>;
  email: EmailSender;
  publicUrl: string;
  /** The user's complex membership: ended with the account, so their listings stop selling. */
  complex?: { forget(userId: string): Promise<void> };
}) {
  const { db, clock } = deps;

  async function load(userId: string): Promise<User> {
    const user = await usersService.findById(db, userId);
    if (!user) throw new AppError('Unauthorized', 'Your session has ended. Please sign in again.');
    return user;
  }

  return {
    async get(userId: string): Promise<Me> {
      return usersService.toMe(await load(userId));
    },

    async update(
      userId: string,
      patch: {
        name?: string;
        email?: string | null;
        language?: 'en' | 'ta';
        notificationPrefs?: Partial<User['notificationPrefs']>;
      },
    ): Promise<Me> {
      const user = await load(userId);
      const emailChanged = patch.email !== undefined && patch.email !== user.email;
      const updated = await usersService.update(
        db,
        userId,
        {
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.email !== undefined && { email: patch.email }),
          ...(emailChanged && { emailVerifiedAt: null }),
          ...(patch.language && { language: patch.language }),
          ...(patch.notificationPrefs && {
            notificationPrefs: { ...user.notificationPrefs, ...patch.notificationPrefs },
          }),
        },
        clock.now(),
      );
      return usersService.toMe(updated!);
    },

    async requestEmailVerification(userId: string): Promise<{ sentTo: string }> {
      const user = await load(userId);
      if (!user.email) throw new AppError('NoEmail');
      const id = await emailLinks.issue(db, {
        userId,
        email: user.email,
        expiresAt: new Date(clock.now().getTime() + EMAIL_LINK_TTL_MS),
        now: clock.now(),
      });
      await deps.email.sendVerification(user.email, `${deps.publicUrl}/emailVerification/${id}`);
      return { sentTo: user.email };
    },

    /**
     * The link works within a day and only for the address it was sent to. Opening it again (a
     * retry after a lost answer, a second tap) answers the same success rather than an error.
     */
    async verifyEmail(id: string): Promise<{ email: string }> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const link = await emailLinks.lockLive(tx, id, now);
        const user = link && (await usersService.findById(tx, link.userId));
        if (!link || !user || user.email !== link.email) throw new AppError('EmailVerificationInvalid');
        if (link.usedAt) {
          if (user.emailVerifiedAt) return { email: link.email };
          throw new AppError('EmailVerificationInvalid');
        }
        await emailLinks.markUsed(tx, id, now);
        await usersService.update(tx, user.id, { emailVerifiedAt: now }, now);
        return { email: link.email };
      });
    },

    /**
     * Sessions end, the profile is emptied, and saved addresses and the server cart go with it.
     * Orders and payments stay (with the user row they point at) as the shops' and tax records.
     */
    async deleteAccount(userId: string): Promise<void> {
      await load(userId);
      await deps.auth.revokeAllSessions(userId);
      await deps.complex?.forget(userId);
      await db.transaction(async (tx) => {
        await deps.addresses.deleteAllFor(tx, userId);
        await deps.cart.deleteFor(tx, userId);
        await usersService.anonymise(tx, userId, clock.now());
      });
    },
  };
}

export type MeService = ReturnType<typeof createMeService>;

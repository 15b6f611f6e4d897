import { createHmac } from 'node:crypto';
import type { SignUpResult } from '@petti/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { newId } from '../../platform/ids.ts';
import { usersService } from '../users/index.ts';
import type { Challenges } from './challenges.ts';
import { type createCodeDelivery, deliveryDetails } from './code-delivery.ts';
import type { AuthDeps } from './deps.ts';
import { authChallenges } from './schema.ts';
import type { Sessions } from './sessions.ts';

/** Creating an account and proving its number with the first code, which signs the user in. */
export function createSignUp(
  { db, clock, config }: Pick<AuthDeps, 'db' | 'clock' | 'config'>,
  parts: {
    challenges: Challenges;
    deliver: ReturnType<typeof createCodeDelivery>;
    sessions: Pick<Sessions, 'openSession'>;
  },
) {
  const { issueCode, judge, refuse } = parts.challenges;
  const { deliver } = parts;
  const { openSession } = parts.sessions;
  /** What a registered number's sign-up answers as its id: the same each time, and not the account's. */
  const standInId = (phone: string) =>
    createHmac('sha256', config.JWT_SECRET).update(`sign-up:${phone}`).digest('hex').slice(0, 32);

  return {
    async signUp(
      input: { phone: string; name: string; email?: string },
      ip: string | null,
    ): Promise<SignUpResult> {
      // A number that already has an account is answered exactly as a new one (a code sent to it), so the
      // answer tells nobody which numbers are registered; the code then signs its owner in, and the
      // account keeps its own name and email. Its id is not given out: a stable stand-in is.
      const existing = await usersService.findByPhone(db, input.phone);
      const registered = Boolean(existing?.confirmedAt);
      const { userId, issued } = await db.transaction(async (tx) => {
        const userId = registered
          ? standInId(input.phone)
          : (await usersService.upsertPending(tx, { id: newId(), ...input, now: clock.now() })).id;
        const issued = await issueCode(tx, input.phone, ip, null, 'sign_up');
        return { userId, issued };
      });
      await deliver(input.phone, issued.code);
      return {
        isSignUpComplete: false,
        nextStep: { signUpStep: 'CONFIRM_SIGN_UP', codeDeliveryDetails: deliveryDetails(input.phone) },
        userId,
      };
    },

    async confirmSignUp(input: { phone: string; code: string }): Promise<SignUpResult> {
      const outcome = await db.transaction(async (tx) => {
        const [challenge] = await tx
          .select()
          .from(authChallenges)
          .where(
            and(
              eq(authChallenges.phone, input.phone),
              eq(authChallenges.purpose, 'sign_up'),
              isNull(authChallenges.endedAt),
            ),
          )
          .orderBy(desc(authChallenges.sentAt))
          .limit(1)
          .for('update');
        const user = await usersService.findByPhone(tx, input.phone);
        if (!challenge || !user) return { verdict: { kind: 'none' as const } };
        const verdict = await judge(tx, challenge, input.code);
        if (verdict.kind !== 'ok') return { verdict };
        await usersService.confirm(tx, user.id, clock.now());
        return { verdict, userId: user.id, tokens: await openSession(tx, user.id) };
      });
      const { verdict } = outcome;
      if (verdict.kind === 'none') {
        throw new AppError(
          'ExpiredCodeException',
          'There is no code waiting for this number. Please ask for a new one.',
        );
      }
      if (verdict.kind === 'wrong') {
        throw new AppError('CodeMismatchException', undefined, {
          details: { attemptsLeft: verdict.attemptsLeft },
        });
      }
      if (verdict.kind !== 'ok') refuse(verdict);
      return {
        isSignUpComplete: true,
        nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' },
        userId: outcome.userId!,
        tokens: outcome.tokens,
      };
    },
  };
}

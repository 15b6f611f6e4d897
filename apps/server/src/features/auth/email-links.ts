import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { emailVerifications } from './schema.ts';
import { newOpaqueToken } from './secrets.ts';

export type EmailLink = typeof emailVerifications.$inferSelect;

/** Email verification links: a random id per link, for one address, until it expires. */
export const emailLinks = {
  /** A new link for `email`; answers its id (the `:id` the email's link carries). */
  async issue(
    q: DbOrTx,
    input: { userId: string; email: string; expiresAt: Date; now: Date },
  ): Promise<string> {
    const id = newOpaqueToken();
    await q.insert(emailVerifications).values({
      id,
      userId: input.userId,
      email: input.email,
      expiresAt: input.expiresAt,
      createdAt: input.now,
    });
    return id;
  },

  /** The link if it has not expired, locked until the caller's transaction ends. */
  async lockLive(tx: Tx, id: string, now: Date): Promise<EmailLink | undefined> {
    const [link] = await tx
      .select()
      .from(emailVerifications)
      .where(and(eq(emailVerifications.id, id), gt(emailVerifications.expiresAt, now)))
      .for('update');
    return link;
  },

  async markUsed(tx: Tx, id: string, now: Date): Promise<void> {
    await tx.update(emailVerifications).set({ usedAt: now }).where(eq(emailVerifications.id, id));
  },
};

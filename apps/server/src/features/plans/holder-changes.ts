import type { Subscription } from '@petti/shared';
import { and, eq, gte, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { PlansDeps } from './deps.ts';
import { DAY_MS, lockKind, ownSubscription, subscriptionView } from './periods.ts';
import { subscriptions } from './schema.ts';
import { statusOf } from './views.ts';

/**
 * What a plan's holder may change once it is paid (docs/product.md#plans): pause the running period
 * for up to `PLAN_RULES.maxPauseDays` (its benefits rest, its end and any paid renewal move out as
 * much), resume early (they move back by the days not used), and cancel a paid renewal before it
 * starts (refunded in full through the payments' refund flow).
 */
export function createHolderChanges(deps: PlansDeps) {
  const { db, clock } = deps;

  /** The holder's subscription, locked with its kind's lock; not found for anyone else's. */
  async function own(tx: Tx, userId: string, id: string) {
    const peek = await ownSubscription(tx, userId, id);
    await lockKind(tx, userId, peek.kind);
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
    return sub!;
  }

  /** Moves the paid renewals after `from` (same holder and kind) by `ms`. */
  async function shiftRenewals(tx: Tx, sub: typeof subscriptions.$inferSelect, from: Date, ms: number) {
    const later = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, sub.userId),
          eq(subscriptions.kind, sub.kind),
          eq(subscriptions.status, 'active'),
          ne(subscriptions.id, sub.id),
          gte(subscriptions.startsAt, from),
        ),
      );
    for (const r of later)
      await tx
        .update(subscriptions)
        .set({
          startsAt: new Date(r.startsAt!.getTime() + ms),
          endsAt: new Date(r.endsAt!.getTime() + ms),
          updatedAt: clock.now(),
        })
        .where(eq(subscriptions.id, r.id));
  }

  return {
    async pause(userId: string, id: string, days: number): Promise<Subscription> {
      await db.transaction(async (tx) => {
        const now = clock.now();
        const sub = await own(tx, userId, id);
        // Once per period, and only while it runs: not a renewal waiting, not one already over.
        if (statusOf(sub, now) !== 'active' || sub.pausedFrom) throw new AppError('SubscriptionNotPausable');
        const ms = days * DAY_MS;
        const oldEnd = sub.endsAt!;
        await tx
          .update(subscriptions)
          .set({
            pausedFrom: now,
            pausedUntil: new Date(now.getTime() + ms),
            endsAt: new Date(oldEnd.getTime() + ms),
            // The reminder before the end is due again for the new end.
            reminderSentAt: null,
            updatedAt: now,
          })
          .where(eq(subscriptions.id, sub.id));
        await shiftRenewals(tx, sub, oldEnd, ms);
      });
      return (await subscriptionView(db, id, clock.now()))!;
    },

    async resume(userId: string, id: string): Promise<Subscription> {
      await db.transaction(async (tx) => {
        const now = clock.now();
        const sub = await own(tx, userId, id);
        if (statusOf(sub, now) !== 'paused')
          throw new AppError('SubscriptionNotPausable', 'This plan is not paused.');
        const unused = sub.pausedUntil!.getTime() - now.getTime();
        const oldEnd = sub.endsAt!;
        await tx
          .update(subscriptions)
          .set({
            pausedUntil: now,
            endsAt: new Date(oldEnd.getTime() - unused),
            reminderSentAt: null,
            updatedAt: now,
          })
          .where(eq(subscriptions.id, sub.id));
        await shiftRenewals(tx, sub, oldEnd, -unused);
      });
      return (await subscriptionView(db, id, clock.now()))!;
    },

    /**
     * A renewal paid for and not yet started, refunded in full: the refund flow reserves, refunds at
     * the provider and records (undoing itself if the provider refuses); its full refund marks the
     * renewal cancelled (grants.ts). The check runs first, outside any transaction, as the refund must.
     */
    async cancelRenewal(
      userId: string,
      id: string,
    ): Promise<{ subscription: Subscription; refund: { amountPaise: number } }> {
      const sub = await ownSubscription(db, userId, id);
      if (statusOf(sub, clock.now()) !== 'scheduled' || !sub.paymentId)
        throw new AppError('SubscriptionNotCancellable');
      const paid = await deps.payments.refund(sub.paymentId, {
        reason: 'plan renewal cancelled before it started',
      });
      return {
        subscription: (await subscriptionView(db, id, clock.now()))!,
        refund: { amountPaise: paid.receipt.refunded },
      };
    },
  };
}

import type { PlanKind } from '@petti/shared';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type Params, prepared } from '../../db/prepared.ts';
import type { Clock } from '../../platform/clock.ts';
import { keptRows } from '../../platform/read-cache/kept-rows.ts';
import { deliveryFees, plans, subscriptions } from './schema.ts';
import { toPlan, toSubscription } from './views.ts';

export type DeliveryFeeRow = typeof deliveryFees.$inferSelect;

// Asked before pricing every order and booking: built once (db/prepared.ts).
const activeSubscription = prepared((q, v: Params<{ userId: string; kind: PlanKind; at: Date }>) =>
  q
    .select({ sub: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.userId, v.userId),
        eq(subscriptions.kind, v.kind),
        eq(subscriptions.status, 'active'),
        lte(subscriptions.startsAt, v.at),
        gt(subscriptions.endsAt, v.at),
        // A paused plan's benefits rest.
        sql`not (${subscriptions.pausedFrom} is not null and ${subscriptions.pausedFrom} <= ${v.at} and ${subscriptions.pausedUntil} > ${v.at})`,
      ),
    )
    .limit(1),
);
const feeRules = prepared((q, v: Params<{ ids: string[] }>) =>
  q.select().from(deliveryFees).where(sql`${deliveryFees.id} = any(${v.ids})`),
);

/** The channel the fee rules' trigger notifies (migration 0023). */
const DELIVERY_FEES_CHANGED = 'delivery_fees_changed';

/** What lockers and orders ask of plans: the plan in force, and its hours and deliveries used. */
export function createPlanUsage(clock: Clock, changes: ChangeFeed) {
  // Every order prices with these; only the seed (or ops, by hand) changes them.
  const fees = keptRows<DeliveryFeeRow>({
    feed: changes,
    channel: DELIVERY_FEES_CHANGED,
    maxEntries: 10,
    read: (q, ids) => feeRules(q, { ids }),
  });
  return {
    /** The plan of this kind in force at `at` (lockers and orders ask before pricing). */
    async activeFor(q: DbOrTx, userId: string, kind: PlanKind, at = clock.now()) {
      const [row] = await activeSubscription(q, { userId, kind, at });
      return row ? { subscription: toSubscription(row.sub, row.plan, at), plan: toPlan(row.plan) } : null;
    },

    /** The delivery fee rules orders price with (one row, `default`, from the demo data or ops). */
    async deliveryFees(q: DbOrTx): Promise<DeliveryFeeRow> {
      const [rules] = await fees.get(q, ['default']);
      if (!rules) throw new Error('no delivery fee rules (delivery_fees "default")');
      return rules;
    },

    /** Takes plan hours (in the caller's transaction); false when not enough are left. */
    async useLockerHours(tx: DbOrTx, subscriptionId: string, hours: number): Promise<boolean> {
      const rows = await tx
        .update(subscriptions)
        .set({ lockerHoursUsed: sql`${subscriptions.lockerHoursUsed} + ${hours}` })
        .where(
          and(
            eq(subscriptions.id, subscriptionId),
            sql`${subscriptions.lockerHoursUsed} + ${hours} <= coalesce(${subscriptions.lockerHours}, 0)`,
          ),
        )
        .returning({ id: subscriptions.id });
      return rows.length > 0;
    },

    /** Gives plan hours back (a cancelled booking). */
    async releaseLockerHours(tx: DbOrTx, subscriptionId: string, hours: number): Promise<void> {
      await tx
        .update(subscriptions)
        .set({ lockerHoursUsed: sql`greatest(0, ${subscriptions.lockerHoursUsed} - ${hours})` })
        .where(eq(subscriptions.id, subscriptionId));
    },

    /** A delivery taken back (its order was cancelled before it went out): counted as unused again. */
    async returnDelivery(tx: DbOrTx, subscriptionId: string): Promise<void> {
      await tx
        .update(subscriptions)
        .set({ deliveriesUsed: sql`greatest(${subscriptions.deliveriesUsed} - 1, 0)` })
        .where(eq(subscriptions.id, subscriptionId));
    },

    /** Counts one free delivery against a Delivery Pass. */
    async useDelivery(tx: DbOrTx, subscriptionId: string): Promise<void> {
      await tx
        .update(subscriptions)
        .set({ deliveriesUsed: sql`${subscriptions.deliveriesUsed} + 1` })
        .where(eq(subscriptions.id, subscriptionId));
    },
  };
}

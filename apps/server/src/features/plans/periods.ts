import type { PlanKind } from '@petti/shared';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import { latestMandates } from './mandates.ts';
import { plans, subscriptions } from './schema.ts';
import { type PlanRow, toSubscription } from './views.ts';

export const DAY_MS = 86_400_000;
/** A pending purchase's payment is offered again for this long; after that it is left behind. */
export const PENDING_REUSE_MS = 30 * 60_000;

/** Serialises purchases and activations of one user's plans of one kind, across processes. */
export async function lockKind(tx: Tx, userId: string, kind: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscriptions:${userId}:${kind}`}))`);
}

/** Paid periods of this kind not yet over (the running one and a renewal after it). */
export async function livePeriods(tx: DbOrTx, userId: string, kind: string, now: Date, except?: string) {
  return tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.kind, kind as PlanKind),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.endsAt, now),
        except ? ne(subscriptions.id, except) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.endsAt));
}

/** The holder's subscription; anyone else's is not found, as if it did not exist. */
export async function ownSubscription(q: DbOrTx, userId: string, id: string) {
  const [sub] = await q.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!sub || sub.userId !== userId) throw notFound('subscription');
  return sub;
}

export async function planOf(q: DbOrTx, planId: string): Promise<PlanRow | undefined> {
  const [row] = await q.select().from(plans).where(eq(plans.id, planId));
  return row;
}

export async function subscriptionView(q: DbOrTx, subscriptionId: string, now: Date) {
  const [row] = await q
    .select({ sub: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.id, subscriptionId));
  if (!row) return null;
  const [mandate] = (await latestMandates(q, row.sub.userId)).filter((m) => m.kind === row.sub.kind);
  return toSubscription(row.sub, row.plan, now, mandate);
}

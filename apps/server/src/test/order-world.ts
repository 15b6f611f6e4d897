import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { productVariants } from '../features/catalog/schema.ts';
import { notifications } from '../features/notifications/schema.ts';
import { orderItems, orderStateLog, orders } from '../features/orders/schema.ts';
import { paymentRefunds, payments } from '../features/payments/schema.ts';
import { subscriptions } from '../features/plans/schema.ts';
import { eventOutbox } from '../platform/events/schema.ts';
import { flowRuns } from '../platform/flows/schema.ts';
import { timers } from '../platform/jobs/schema.ts';
import type { TestApp } from './helper.ts';

/**
 * Everything a money or stock flow of orders may touch, for one buyer: a flow that failed must
 * leave all of it as it was (docs/decisions/0005-flows.md).
 */
export async function orderWorld(t: TestApp, userId: string, vrntIds: string[]) {
  const db = t.ctx.database.db;
  // Events already due go out first, so what is left in the outbox is only what a flow holds back.
  await t.app.services.outbox.flush();
  const mine = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.id);
  const ids = mine.map((o) => o.id);
  const pays = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.id);
  const payIds = pays.map((p) => p.id);
  const count = async (q: Promise<Array<{ n: number }>>) => (await q)[0]?.n ?? 0;
  const n = sql<number>`count(*)::int`;
  return {
    stock: Object.fromEntries(
      (await db.select().from(productVariants).where(inArray(productVariants.id, vrntIds))).map((v) => [
        v.id,
        v.inventory,
      ]),
    ),
    orders: mine.map((o) => ({ id: o.id, state: o.state, paymentId: o.paymentId })),
    items: ids.length
      ? await count(db.select({ n }).from(orderItems).where(inArray(orderItems.orderId, ids)))
      : 0,
    timeline: ids.length
      ? await count(db.select({ n }).from(orderStateLog).where(inArray(orderStateLog.orderId, ids)))
      : 0,
    payments: pays.map((p) => ({ id: p.id, status: p.status, refundedPaise: p.refundedPaise })),
    refunds: payIds.length
      ? await count(db.select({ n }).from(paymentRefunds).where(inArray(paymentRefunds.paymentId, payIds)))
      : 0,
    deliveriesUsed: (
      await db
        .select({ used: subscriptions.deliveriesUsed })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
    ).map((s) => s.used),
    timers: (
      await db
        .select({ kind: timers.kind, orderId: sql<string>`${timers.data}->>'orderId'` })
        .from(timers)
        .where(sql`${timers.kind} like 'order.%'`)
    )
      .map((r) => `${r.kind}:${r.orderId}`)
      .sort(),
    events: await count(
      db
        .select({ n })
        .from(eventOutbox)
        .where(eq(eventOutbox.topic, `users/${userId}/events`)),
    ),
    heldEvents: await count(db.select({ n }).from(eventOutbox).where(isNotNull(eventOutbox.flowRunId))),
    notifications: await count(db.select({ n }).from(notifications).where(eq(notifications.userId, userId))),
    flowRuns: await count(db.select({ n }).from(flowRuns)),
  };
}

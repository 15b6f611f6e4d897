import { and, asc, inArray, isNotNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { bookingCharges, bookings } from '../features/bookings/schema.ts';
import { notifications } from '../features/notifications/schema.ts';
import { paymentRefunds, payments } from '../features/payments/schema.ts';
import { subscriptions } from '../features/plans/schema.ts';
import { eventOutbox } from '../platform/events/schema.ts';
import { flowRuns } from '../platform/flows/schema.ts';
import { timers } from '../platform/jobs/schema.ts';
import type { TestApp } from './helper.ts';
import { buyPlan, confirm, payAtTestpay } from './payment-helpers.ts';

/**
 * What a money or stock path may change, for these users: bookings (with their lockers and hold
 * times), charges, payments and refunds, plan hours, every booking timer, the outbox, their
 * notifications, and flow runs left behind.
 */
export async function moneyAndStock(t: TestApp, userIds: string[]) {
  const db = t.ctx.database.db;
  await t.app.services.outbox.flush();
  const pays = await db
    .select()
    .from(payments)
    .where(inArray(payments.userId, userIds))
    .orderBy(asc(payments.id));
  return {
    bookings: await db
      .select()
      .from(bookings)
      .where(inArray(bookings.userId, userIds))
      .orderBy(asc(bookings.id)),
    charges: await db
      .select()
      .from(bookingCharges)
      .where(inArray(bookingCharges.userId, userIds))
      .orderBy(asc(bookingCharges.id)),
    payments: pays,
    refunds: pays.length
      ? await db
          .select()
          .from(paymentRefunds)
          .where(
            inArray(
              paymentRefunds.paymentId,
              pays.map((p) => p.id),
            ),
          )
      : [],
    planHoursUsed: await db
      .select({ id: subscriptions.id, used: subscriptions.lockerHoursUsed })
      .from(subscriptions)
      .where(inArray(subscriptions.userId, userIds)),
    timers: await db
      .select({ kind: timers.kind, bookingId: timers.bookingId, dueAt: timers.dueAt, data: timers.data })
      .from(timers)
      .where(and(isNotNull(timers.bookingId)))
      .orderBy(asc(timers.id)),
    outbox: await db.select({ id: eventOutbox.id, topic: eventOutbox.topic }).from(eventOutbox),
    notifications: await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(inArray(notifications.userId, userIds)),
    flowRuns: await db.select().from(flowRuns),
  };
}

/** The state is as it was, and the users heard nothing more. */
export async function expectUnchanged(
  t: TestApp,
  before: Awaited<ReturnType<typeof moneyAndStock>>,
  userIds: string[],
  heard: Array<{ events: unknown[] }> = [],
  heardBefore: number[] = [],
) {
  expect(await moneyAndStock(t, userIds)).toEqual(before);
  await new Promise((r) => setTimeout(r, 50));
  heard.forEach((h, i) => {
    expect(h.events.length).toBe(heardBefore[i]);
  });
}

/** Buys and pays a plan for a user (Locker Lite: 10 hours of S and M; Locker Plus: 40 of any size). */
export async function withPlan(t: TestApp, accessToken: string, planId: 'locker-lite' | 'locker-plus') {
  const { payment } = await buyPlan(t, accessToken, planId);
  const { row: _r, ...body } = await payAtTestpay(t, payment);
  expect((await confirm(t, accessToken, payment.id, body)).statusCode).toBe(200);
}

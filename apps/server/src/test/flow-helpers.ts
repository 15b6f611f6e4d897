import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import { notifications } from '../features/notifications/schema.ts';
import { paymentEvents, paymentRefunds, payments } from '../features/payments/schema.ts';
import { subscriptions } from '../features/plans/schema.ts';
import { eventOutbox } from '../platform/events/schema.ts';
import { flowRuns } from '../platform/flows/schema.ts';
import { timers } from '../platform/jobs/schema.ts';
import { testpayPayments, testpayRefunds } from '../platform/payments/testpay/schema.ts';
import type { TestApp } from './helper.ts';

/** A step failure planted by a test. */
export class PlantedFailure extends Error {
  override name = 'PlantedFailure';
}

/** Makes `step` of `flow` fail before it runs (and every other step run as usual). */
export function failStep(t: TestApp, flow: string, step: string): void {
  t.app.services.flows.setHooks({
    beforeStep: (f, s) => {
      if (f === flow && s === step) throw new PlantedFailure(`${flow}/${step} failed on purpose`);
    },
  });
}

/**
 * The process "dies" before `step`: every flow reaching it waits there, its earlier steps committed,
 * until the test lets it fail (`wake`, after `clearHooks`), as a process that died would never go on.
 */
export async function dieBefore<T>(t: TestApp, step: string, run: () => Promise<T>) {
  let died: (() => void) | null = null;
  t.app.services.flows.setHooks({
    beforeStep: (_flow, s) =>
      s === step
        ? new Promise<void>((_resolve, reject) => (died = () => reject(new Error('process gone'))))
        : undefined,
  });
  const abandoned = run();
  await expect.poll(() => died !== null).toBe(true);
  return {
    abandoned,
    wake: () => (died as unknown as () => void)(),
  };
}

export function clearHooks(t: TestApp): void {
  t.app.services.flows.setHooks({});
}

/**
 * What money paths may change, row by row: payments, refunds, the payment audit trail, plans
 * (hours, deliveries), testpay's own books, timers, flow runs, held or waiting events and
 * notifications. Two snapshots equal means nothing was half-made.
 */
export async function moneySnapshot(t: TestApp) {
  const db = t.ctx.database.db;
  return {
    payments: await db.select().from(payments).orderBy(asc(payments.id)),
    refunds: await db.select().from(paymentRefunds).orderBy(asc(paymentRefunds.id)),
    paymentEvents: await db.select().from(paymentEvents).orderBy(asc(paymentEvents.id)),
    subscriptions: await db.select().from(subscriptions).orderBy(asc(subscriptions.id)),
    testpayPayments: (await db.select().from(testpayPayments).orderBy(asc(testpayPayments.id))).map(
      ({ webhookNextAt: _n, webhookAttempts: _a, webhookDeliveredAt: _d, ...rest }) => rest,
    ),
    testpayRefunds: await db.select().from(testpayRefunds).orderBy(asc(testpayRefunds.id)),
    timers: (await db.select().from(timers).orderBy(asc(timers.id))).map((r) => ({
      id: r.id,
      kind: r.kind,
      key: r.key,
    })),
    flowRuns: await db.select({ id: flowRuns.id }).from(flowRuns),
    outbox: (await db.select({ id: eventOutbox.id }).from(eventOutbox)).map((e) => e.id),
    notifications: (
      await db.select({ id: notifications.id }).from(notifications).orderBy(asc(notifications.id))
    ).map((n) => n.id),
  };
}

export type MoneySnapshot = Awaited<ReturnType<typeof moneySnapshot>>;

/** Asserts the money tables are exactly as `before` (the events of a failed flow were dropped). */
export async function expectUnchanged(t: TestApp, before: MoneySnapshot): Promise<void> {
  const { outbox, ...after } = await moneySnapshot(t);
  const { outbox: outboxBefore, ...rest } = before;
  expect(after).toEqual(rest);
  // Published events leave the outbox meanwhile; none may have been added.
  expect(outbox.filter((id) => !outboxBefore.includes(id))).toEqual([]);
}

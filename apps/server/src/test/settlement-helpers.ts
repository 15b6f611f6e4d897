import { eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { testpayReversals, testpayTransfers } from '../platform/payments/testpay/route-schema.ts';
import type { TestApp } from './helper.ts';
import type { Shopper } from './locker-helpers.ts';
import { deliverWebhooks } from './payment-helpers.ts';

/** The demo shop the settlement and money tests pay, and the bank account its owner links. */
export const MURUGAN = 'sri-murugan-stores';
export const MURUGAN_BANK = {
  beneficiaryName: 'Murugan Stores',
  accountNumber: '3012 4455 6677',
  ifsc: 'sbin0001234',
  email: 'murugan@example.in',
};

/** The owner links the shop's bank account at testpay's Route, as from the money screen. */
export async function linkBank(owner: Shopper, shopId = MURUGAN, bank = MURUGAN_BANK): Promise<void> {
  const linked = await owner.call('PUT', `/api/shops/${shopId}/payout-account`, bank);
  expect(linked.statusCode, linked.body).toBe(200);
}

/** Timers and webhooks run until nothing more is due (a failed timer waits its backoff: `advanceMs`). */
export async function settle(t: TestApp, advanceMs = 0): Promise<void> {
  if (advanceMs) t.clock.advance(advanceMs);
  for (let i = 0; i < 4; i++) {
    await t.app.services.jobs.runDueJobs();
    await deliverWebhooks(t);
  }
}

/**
 * testpay's own books, as Razorpay would answer them: the transfers made for some orders (by the
 * order in their notes) or to one linked account, and every reversal of those transfers.
 */
export async function testpayBooks(
  t: TestApp,
  where: { orderIds: readonly string[] } | { recipient: string },
) {
  const db = t.ctx.database.db;
  const transfers = await db
    .select()
    .from(testpayTransfers)
    .where(
      'recipient' in where
        ? eq(testpayTransfers.recipient, where.recipient)
        : inArray(sql`${testpayTransfers.notes}->>'order'`, [...where.orderIds]),
    );
  const reversals = transfers.length
    ? await db
        .select()
        .from(testpayReversals)
        .where(
          inArray(
            testpayReversals.transferId,
            transfers.map((s) => s.id),
          ),
        )
    : [];
  return { transfers, reversals };
}

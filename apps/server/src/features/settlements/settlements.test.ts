import type { Order } from '@petti/shared/schemas/orders';
import type { ShopPayouts } from '@petti/shared/schemas/shop-payouts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { timers } from '../../platform/jobs/schema.ts';
import { PaymentProviderError } from '../../platform/payments/payment-provider.ts';
import {
  testpayEvents,
  testpayLinkedAccounts,
  testpayReversals,
  testpayTransfers,
} from '../../platform/payments/testpay/route-schema.ts';
import { clearHooks, failStep } from '../../test/flow-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Shopper, shopper } from '../../test/locker-helpers.ts';
import { addAddress, getOrder, line, placed } from '../../test/order-helpers.ts';
import { deliverWebhooks, postWebhook, signBody } from '../../test/payment-helpers.ts';
import { MURUGAN_BANK as BANK, settle as settleAll, testpayBooks } from '../../test/settlement-helpers.ts';
import { shopMember, shopStep } from '../../test/shop-helpers.ts';
import { shopPayoutAccounts, shopReversals, shopTransfers } from './schema.ts';

// Friday 20 November 2026, 10:00 in Sivakasi.
const SHOP = 'sri-murugan-stores';
const RICE = 'murugan-ponni-raw-rice-10kg';
const RICE_5 = 'murugan-ponni-raw-rice-5kg';

let t: TestApp;
let owner: Shopper;
let staff: Shopper;
let buyer: Shopper;
let address: string;

beforeAll(async () => {
  t = await buildTestApp({ now: '2026-11-20T04:30:00.000Z' });
  owner = await shopMember(t, SHOP, 'owner');
  staff = await shopMember(t, SHOP, 'staff');
  buyer = await shopper(t);
  address = await addAddress(t, buyer.userId, { lat: 9.456, lng: 77.8 });
}, 60_000);
afterEach(() => {
  clearHooks(t);
  vi.restoreAllMocks();
});
afterAll(async () => {
  for (const s of [owner, staff, buyer]) await s?.stop();
  await t?.close();
});

const db = () => t.ctx.database.db;
const route = () => {
  const r = t.app.services.testpayRoute;
  if (!r) throw new Error('these tests need testpay');
  return r;
};
const order = async (items: Array<[string, number]> = [[RICE, 1]]): Promise<Order> =>
  placed(buyer, {
    sellerId: SHOP,
    items: await Promise.all(items.map(([v, n]) => line(t, v, n))),
    deliveryType: 'home',
    addressId: address,
  });

/** Timers and webhooks run until nothing more is due (a failed timer waits its backoff: `advanceMs`). */
const settle = (advanceMs = 0) => settleAll(t, advanceMs);

const payouts = async (): Promise<ShopPayouts> => {
  const res = await owner.call('GET', `/api/shops/${SHOP}/payouts?from=2026-11-13&to=2026-11-27`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ShopPayouts;
};

const transferOf = async (orderId: string) =>
  (await db().select().from(shopTransfers).where(eq(shopTransfers.orderId, orderId)))[0];

const linkedAccount = async () =>
  (await db().select().from(shopPayoutAccounts).where(eq(shopPayoutAccounts.sellerId, SHOP)))[0]
    ?.linkedAccountId ?? null;

/**
 * Money always adds up: what the shop's orders earn (sales − refunds − Petti's fees) = what reached its
 * account, less what it owes Petti, plus what is still on its way; and what Petti says reached the
 * account is what the provider's books say.
 */
async function expectLedgerAddsUp(findings: string[] = []) {
  const ledger = await t.app.services.settlements.ledger(SHOP);
  // The journal agrees with every row, and nothing is left in flight (docs/payments.md#money-checks).
  expect((await t.app.services.money.checks.run()).map((c) => c.rule)).toEqual(findings);
  expect(ledger.earnedPaise).toBe(ledger.paidPaise - ledger.owedToPettiPaise + ledger.waitingPaise);
  const acc = await linkedAccount();
  if (!acc) return ledger;
  const { transfers: sent, reversals: back } = await testpayBooks(t, { recipient: acc });
  expect(sent.reduce((n, s) => n + s.amountPaise, 0) - back.reduce((n, r) => n + r.amountPaise, 0)).toBe(
    ledger.paidPaise,
  );
  return ledger;
}

describe("a shop's bank account", () => {
  it('is refused with a clear reason when the details are wrong, and only to the owner', async () => {
    const put = (who: Shopper, body: object) => who.call('PUT', `/api/shops/${SHOP}/payout-account`, body);
    const ifsc = await put(owner, { ...BANK, ifsc: 'SBIN1234567' });
    expect(ifsc.statusCode).toBe(422);
    expect(ifsc.json().error.code).toBe('IfscInvalid');
    const number = await put(owner, { ...BANK, accountNumber: '12 34' });
    expect(number.json().error.code).toBe('BankAccountInvalid');
    expect((await put(staff, BANK)).statusCode).toBe(403);
    expect((await staff.call('GET', `/api/shops/${SHOP}/payouts`)).statusCode).toBe(403);
    expect(await linkedAccount()).toBeNull();
  });

  it('keeps paid orders waiting until it is linked, then sends each its share', async () => {
    const before = await order();
    await settle();
    let p = await payouts();
    expect(p.account).toBeNull();
    expect(p.totals.waitingPaise).toBeGreaterThan(0);
    await expectLedgerAddsUp();

    // The provider cannot be reached while opening the account: nothing is kept of the attempt.
    vi.spyOn(route(), 'createLinkedAccount').mockRejectedValueOnce(
      new PaymentProviderError('testpay', 0, 'NETWORK_ERROR', 'down'),
    );
    const down = await owner.call('PUT', `/api/shops/${SHOP}/payout-account`, BANK);
    expect(down.statusCode).toBe(502);
    expect(down.json().error.code).toBe('PayoutAccountFailed');
    expect((await payouts()).account).toBeNull();

    // It refuses the bank details (past the pivot): the account stays, marked failed, to be sent again.
    vi.spyOn(route(), 'configureSettlement').mockRejectedValueOnce(
      new PaymentProviderError('testpay', 400, 'BAD_REQUEST_ERROR', 'ifsc_code is invalid'),
    );
    const refused = await owner.call('PUT', `/api/shops/${SHOP}/payout-account`, BANK);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('PayoutAccountRefused');
    expect((await payouts()).account).toMatchObject({
      status: 'failed',
      problem: expect.stringContaining('ifsc'),
    });

    const ok = await owner.call('PUT', `/api/shops/${SHOP}/payout-account`, BANK);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      status: 'activated',
      beneficiaryName: 'Murugan Stores',
      accountLast4: '6677',
      ifsc: 'SBIN0001234',
      problem: null,
    });
    // One account at the provider for all three tries: our shop id is its reference; its Route
    // configuration is kept, so a new bank account changes it rather than asking for Route again.
    const [atProvider] = await db()
      .select()
      .from(testpayLinkedAccounts)
      .where(eq(testpayLinkedAccounts.referenceId, SHOP));
    const [kept] = await db().select().from(shopPayoutAccounts).where(eq(shopPayoutAccounts.sellerId, SHOP));
    expect(kept!.routeProductId).toBe(atProvider!.productId);
    const configure = vi.spyOn(route(), 'configureSettlement');
    const moved = await owner.call('PUT', `/api/shops/${SHOP}/payout-account`, {
      ...BANK,
      accountNumber: '5012 4455 6688',
    });
    expect(moved.json()).toMatchObject({ status: 'activated', accountLast4: '6688' });
    expect(configure).toHaveBeenCalledWith(
      atProvider!.id,
      expect.objectContaining({ accountNumber: '501244556688' }),
      atProvider!.productId,
    );
    expect(
      (await db().select().from(testpayLinkedAccounts).where(eq(testpayLinkedAccounts.referenceId, SHOP)))[0],
    ).toMatchObject({ productId: atProvider!.productId, accountNumber: '501244556688' });
    expect(
      await db().select().from(testpayLinkedAccounts).where(eq(testpayLinkedAccounts.referenceId, SHOP)),
    ).toHaveLength(1);
    await settle();
    const sent = await transferOf(before.id);
    expect(sent).toMatchObject({ status: 'processed', recoveredPaise: 0 });
    p = await payouts();
    expect(p.totals.waitingPaise).toBe(0);
    expect(p.totals.paidPaise).toBeGreaterThan(0);
    expect(p.transfers.find((x) => x.orderId === before.id)).toMatchObject({ status: 'processed' });
    await expectLedgerAddsUp();
  });
});

describe('a transfer per paid order, taken back on refund', () => {
  it("sends a new order's share from its payment at once, less Petti's fees", async () => {
    const o = await order();
    await settle();
    const sent = await transferOf(o.id);
    const fees = o.price.deliveryFeePaise + o.price.smallCartFeePaise + o.price.packagingFeePaise;
    expect(sent).toMatchObject({ status: 'processed', amountPaise: o.price.totalPaise - fees });
    const [atProvider] = await db()
      .select()
      .from(testpayTransfers)
      .where(eq(testpayTransfers.id, sent!.providerTransferId!));
    expect(atProvider!.paymentId).not.toBeNull();
    expect(atProvider!.notes).toMatchObject({ petti_transfer: sent!.id, order: o.id });
    await expectLedgerAddsUp();
  });

  it('takes all of it back when the shop turns the order down', async () => {
    const o = await order([[RICE_5, 1]]);
    await settle();
    expect((await shopStep(staff, SHOP, o.id, 'reject', { reason: 'too_busy' })).statusCode).toBe(200);
    await settle(10 * 60_000);
    expect((await getOrder(buyer, o.id)).refundedPaise).toBe(o.price.totalPaise);
    const sent = await transferOf(o.id);
    const back = await db().select().from(shopReversals).where(eq(shopReversals.transferId, sent!.id));
    expect(back).toEqual([expect.objectContaining({ status: 'processed', amountPaise: sent!.amountPaise })]);
    expect((await payouts()).transfers.find((x) => x.orderId === o.id)).toMatchObject({
      sharePaise: 0,
      reversedPaise: sent!.amountPaise,
    });
    await expectLedgerAddsUp();
  });

  it('after the money reached the bank, owes a refund it cannot take back and keeps it from the next order', async () => {
    const o = await order([
      [RICE, 1],
      [RICE_5, 1],
    ]);
    await settle();
    // The settlement cycle pays everything into the bank: nothing floats to take back.
    expect(await route().settleDue(t.clock.now())).toBe(1);
    await settle();
    expect(await route().balanceOf((await linkedAccount())!)).toBe(0);
    expect((await transferOf(o.id))!.settledAt).not.toBeNull();
    const missing = await staff.call(
      'POST',
      `/api/shops/${SHOP}/orders/${o.id}/items/${RICE_5}/unavailable`,
      {
        quantity: 1,
      },
    );
    expect(missing.statusCode, missing.body).toBe(200);
    await settle(10 * 60_000);
    const refunded = (await getOrder(buyer, o.id)).refundedPaise;
    expect(refunded).toBeGreaterThan(0);
    const sent = await transferOf(o.id);
    const [back] = await db().select().from(shopReversals).where(eq(shopReversals.transferId, sent!.id));
    expect(back).toMatchObject({ status: 'unrecovered', amountPaise: refunded });
    expect(back!.failure).toContain('sufficient balance');
    let p = await payouts();
    expect(p.totals.owedToPettiPaise).toBe(refunded);
    expect(p.transfers.find((x) => x.orderId === o.id)).toMatchObject({ unrecoveredPaise: refunded });
    await expectLedgerAddsUp();

    // The next order's transfer keeps it back.
    const next = await order();
    await settle();
    const kept = await transferOf(next.id);
    expect(kept).toMatchObject({ status: 'processed', recoveredPaise: refunded });
    expect(kept!.amountPaise + kept!.recoveredPaise).toBe(kept!.sharePaise);
    p = await payouts();
    expect(p.totals.owedToPettiPaise).toBe(0);
    await expectLedgerAddsUp();
  });
});

describe('settlements.transfer, each step failing in turn', () => {
  it('lists its steps in order', () => {
    expect(t.app.services.settlements.flows.transfer.steps).toEqual([
      'settlements.reserve-transfer',
      'settlements.send-transfer',
      'settlements.record-transfer',
      'settlements.transfer-refused',
    ]);
  });

  it('reserving fails: nothing is kept, and the order timer sends it later', async () => {
    failStep(t, 'settlements.transfer', 'settlements.reserve-transfer');
    const o = await order();
    await settle();
    expect(await transferOf(o.id)).toBeUndefined();
    clearHooks(t);
    await settle(60_000);
    expect(await transferOf(o.id)).toMatchObject({ status: 'processed' });
    await expectLedgerAddsUp();
  });

  it('the provider cannot be reached: left pending, then asked again without sending twice', async () => {
    // Every call reaches the provider, but its answer is lost.
    const real = route().transfer.bind(route());
    const spy = vi.spyOn(route(), 'transfer').mockImplementation(async (input, options) => {
      await real(input, options);
      throw new PaymentProviderError('testpay', 0, 'NETWORK_ERROR', 'timeout');
    });
    const o = await order();
    await t.app.services.jobs.runDueJobs();
    expect(await transferOf(o.id)).toMatchObject({ status: 'pending', providerTransferId: null });
    // Its webhook is lost too: asked again, the provider answers the transfer it made.
    await db().delete(testpayEvents).where(eq(testpayEvents.event, 'transfer.processed'));
    spy.mockRestore();
    await settle(60_000);
    const sent = await transferOf(o.id);
    expect(sent).toMatchObject({ status: 'processed' });
    expect(
      await db().select().from(testpayTransfers).where(eq(testpayTransfers.id, sent!.providerTransferId!)),
    ).toHaveLength(1);
    const all = await db().select().from(testpayTransfers);
    expect(all.filter((x) => x.notes.order === o.id)).toHaveLength(1);
    await expectLedgerAddsUp();
  });

  it('the provider refuses: marked failed with its words, money still waiting', async () => {
    // Refused from the order's payment, then from Petti's balance (a refund on its way could explain
    // the first): failed.
    const refusal = new PaymentProviderError(
      'testpay',
      400,
      'BAD_REQUEST_ERROR',
      'Linked account is not activated',
    );
    const asked = vi.spyOn(route(), 'transfer').mockRejectedValueOnce(refusal).mockRejectedValueOnce(refusal);
    const o = await order();
    await settle();
    expect(await transferOf(o.id)).toMatchObject({
      status: 'failed',
      failure: expect.stringContaining('not activated'),
    });
    expect(asked.mock.calls.map(([input]) => Boolean(input.paymentId))).toEqual([true, false]);
    expect((await payouts()).totals.waitingPaise).toBeGreaterThan(0);
    // Operators see a shop left unpaid until its owner links the account again.
    await expectLedgerAddsUp(['transfer_failed']);
    // Sent again once the account is linked again.
    expect((await owner.call('PUT', `/api/shops/${SHOP}/payout-account`, BANK)).statusCode).toBe(200);
    await settle();
    expect(await transferOf(o.id)).toMatchObject({ status: 'processed' });
    expect((await payouts()).totals.waitingPaise).toBe(0);
    await expectLedgerAddsUp();
  });

  it('recording fails after the provider made it: the transfer.processed webhook records it', async () => {
    failStep(t, 'settlements.transfer', 'settlements.record-transfer');
    const o = await order();
    await t.app.services.jobs.runDueJobs();
    expect(await transferOf(o.id)).toMatchObject({ status: 'pending' });
    clearHooks(t);
    await deliverWebhooks(t);
    const sent = await transferOf(o.id);
    expect(sent).toMatchObject({ status: 'processed' });
    expect(sent!.providerTransferId).toMatch(/^trf_/);
    await settle(60_000);
    expect((await db().select().from(testpayTransfers)).filter((x) => x.notes.order === o.id)).toHaveLength(
      1,
    );
    await expectLedgerAddsUp();
  });
});

describe('settlements.reverse, each step failing in turn', () => {
  it('lists its steps in order', () => {
    expect(t.app.services.settlements.flows.reverse.steps).toEqual([
      'settlements.reserve-reversal',
      'settlements.send-reversal',
      'settlements.record-reversal',
      'settlements.reversal-refused',
    ]);
  });

  const turnedDown = async () => {
    const o = await order([[RICE_5, 1]]);
    await settle();
    expect((await shopStep(staff, SHOP, o.id, 'reject', { reason: 'too_busy' })).statusCode).toBe(200);
    return o;
  };
  const reversalsOf = async (orderId: string) => {
    const sent = await transferOf(orderId);
    return db().select().from(shopReversals).where(eq(shopReversals.transferId, sent!.id));
  };

  it('reserving fails: nothing taken, then taken on the retry', async () => {
    failStep(t, 'settlements.reverse', 'settlements.reserve-reversal');
    const o = await turnedDown();
    await settle(10 * 60_000);
    expect(await reversalsOf(o.id)).toEqual([]);
    clearHooks(t);
    await settle(60_000);
    expect(await reversalsOf(o.id)).toEqual([expect.objectContaining({ status: 'processed' })]);
    await expectLedgerAddsUp();
  });

  it('sending fails with no answer: pending, then asked again without taking twice', async () => {
    const real = route().reverse.bind(route());
    const spy = vi.spyOn(route(), 'reverse').mockImplementation(async (id, input, options) => {
      await real(id, input, options);
      throw new PaymentProviderError('testpay', 0, 'NETWORK_ERROR', 'timeout');
    });
    const o = await turnedDown();
    await settle(10 * 60_000);
    expect(await reversalsOf(o.id)).toEqual([expect.objectContaining({ status: 'pending' })]);
    spy.mockRestore();
    await settle(60_000);
    const [r] = await reversalsOf(o.id);
    expect(r).toMatchObject({ status: 'processed' });
    expect(
      await db()
        .select()
        .from(testpayReversals)
        .where(eq(testpayReversals.transferId, (await transferOf(o.id))!.providerTransferId!)),
    ).toHaveLength(1);
    await expectLedgerAddsUp();
  });

  it('recording fails: the retry finds the reversal made and records it once', async () => {
    failStep(t, 'settlements.reverse', 'settlements.record-reversal');
    const o = await turnedDown();
    await settle(10 * 60_000);
    expect(await reversalsOf(o.id)).toEqual([expect.objectContaining({ status: 'pending' })]);
    clearHooks(t);
    await settle(60_000);
    expect(await reversalsOf(o.id)).toEqual([expect.objectContaining({ status: 'processed' })]);
    expect(
      await db()
        .select()
        .from(testpayReversals)
        .where(eq(testpayReversals.transferId, (await transferOf(o.id))!.providerTransferId!)),
    ).toHaveLength(1);
    await expectLedgerAddsUp();
  });
});

describe('Route webhooks', () => {
  it('a forged one is refused and a replayed one changes nothing', async () => {
    const o = await order();
    await settle();
    const sent = await transferOf(o.id);
    const [event] = await db()
      .select()
      .from(testpayEvents)
      .where(eq(testpayEvents.event, 'transfer.processed'))
      .orderBy(testpayEvents.createdAt);
    expect(event).toBeDefined();
    // Forged: a failure for a transfer that was made, signed with the wrong secret.
    const forged = JSON.stringify({
      event: 'transfer.failed',
      account_id: sent!.linkedAccountId,
      payload: {
        transfer: { entity: { id: sent!.providerTransferId, notes: { petti_transfer: sent!.id } } },
      },
    });
    const bad = await postWebhook(t, forged, signBody(forged, 'not-the-secret-at-all'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('WebhookSignatureInvalid');
    expect(await transferOf(o.id)).toMatchObject({ status: 'processed' });
    // Replayed: a settlement's webhook, twice.
    expect(await route().settleDue(t.clock.now())).toBe(1);
    const [setl] = await db()
      .select()
      .from(testpayEvents)
      .where(eq(testpayEvents.event, 'settlement.processed'))
      .orderBy(desc(testpayEvents.createdAt))
      .limit(1);
    const signed = route().signed(setl!);
    const first = await postWebhook(t, signed.body, signed.signature, signed.eventId);
    const again = await postWebhook(t, signed.body, signed.signature, signed.eventId);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    const settledTimers = await db().select().from(timers).where(eq(timers.kind, 'settlements.settled'));
    expect(settledTimers).toHaveLength(1);
    await settle();
    expect((await transferOf(o.id))!.settledAt).not.toBeNull();
    expect((await payouts()).totals.settledPaise).toBeGreaterThan(0);
    await expectLedgerAddsUp();
  });
});

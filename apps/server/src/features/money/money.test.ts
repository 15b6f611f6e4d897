import type { Order } from '@petti/shared/schemas/orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { PaymentProviderError } from '../../platform/payments/payment-provider.ts';
import { testpayTransfers } from '../../platform/payments/testpay/route-schema.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Shopper, shopper } from '../../test/locker-helpers.ts';
import { addAddress, line, placed } from '../../test/order-helpers.ts';
import { postWebhook, signBody } from '../../test/payment-helpers.ts';
import { MURUGAN_BANK as BANK, linkBank, settle as settleAll } from '../../test/settlement-helpers.ts';
import { shopMember } from '../../test/shop-helpers.ts';
import { payments } from '../payments/schema.ts';
import { shopPayoutAccounts, shopTransfers } from '../settlements/schema.ts';
import { usersService } from '../users/index.ts';
import { moneyEntries, moneyLines } from './schema.ts';

// Friday 20 November 2026, 10:00 in Sivakasi.
const SHOP = 'sri-murugan-stores';
const RICE = 'murugan-ponni-raw-rice-10kg';

let t: TestApp;
let owner: Shopper;
let buyer: Shopper;
let operator: Shopper;
let address: string;

beforeAll(async () => {
  t = await buildTestApp({ now: '2026-11-20T04:30:00.000Z' });
  owner = await shopMember(t, SHOP, 'owner');
  buyer = await shopper(t);
  operator = await shopper(t);
  await usersService.addOperator(t.ctx.database.db, `91${operator.phone}`, 'test', t.clock.now());
  address = await addAddress(t, buyer.userId, { lat: 9.456, lng: 77.8 });
  await linkBank(owner);
}, 60_000);
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  for (const s of [owner, buyer, operator]) await s?.stop();
  await t?.close();
});

const db = () => t.ctx.database.db;
const money = () => t.app.services.money;
/** Drizzle wraps the database's error: its own words are the cause's. */
const dbError = (pattern: RegExp) => (err: unknown) =>
  pattern.test(String((err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message));

const order = async (): Promise<Order> =>
  placed(buyer, {
    sellerId: SHOP,
    items: [await line(t, RICE, 1)],
    deliveryType: 'home',
    addressId: address,
  });

const settle = () => settleAll(t);

const transferOf = async (orderId: string) =>
  (await db().select().from(shopTransfers).where(eq(shopTransfers.orderId, orderId)))[0]!;

/** What the books hold for a scope, per account. */
async function booked(scope: string) {
  const rows = await db()
    .select({ account: moneyLines.account, n: sql<string>`sum(${moneyLines.amountPaise})` })
    .from(moneyLines)
    .where(eq(moneyLines.scope, scope))
    .groupBy(moneyLines.account);
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.n)]).filter(([, n]) => n !== 0));
}

describe('the journal', () => {
  it('is kept balanced and append-only by the database itself', async () => {
    const entry = async (amounts: number[]) =>
      db().transaction(async (tx) => {
        const id = newId();
        await tx.insert(moneyEntries).values({ id, kind: 'test', scope: `test:${id}`, at: t.clock.now() });
        if (amounts.length)
          await tx.insert(moneyLines).values(
            amounts.map((amountPaise) => ({
              id: newId(),
              entryId: id,
              scope: `test:${id}`,
              account: 'suspense' as const,
              amountPaise,
            })),
          );
        return id;
      });
    await expect(entry([100, -99])).rejects.toSatisfy(dbError(/does not balance/));
    await expect(entry([100])).rejects.toSatisfy(dbError(/does not balance/));
    await expect(entry([])).rejects.toSatisfy(dbError(/does not balance/));
    const id = await entry([100, -100]);
    await expect(
      db().update(moneyLines).set({ amountPaise: 5 }).where(eq(moneyLines.entryId, id)),
    ).rejects.toSatisfy(dbError(/append-only/));
    await expect(db().delete(moneyLines).where(eq(moneyLines.entryId, id))).rejects.toSatisfy(
      dbError(/append-only/),
    );
    await expect(db().delete(moneyEntries).where(eq(moneyEntries.id, id))).rejects.toSatisfy(
      dbError(/append-only/),
    );
    expect(await booked(`test:${id}`)).toEqual({});
  });

  it("books an order's payment as the shop's share and Petti's fees, and its transfer out of Petti's balance", async () => {
    const o = await order();
    await settle();
    const fees = o.price.deliveryFeePaise + o.price.smallCartFeePaise + o.price.packagingFeePaise;
    const paymentId = (await transferOf(o.id)).paymentId;
    expect(await booked(`payment:${paymentId}`)).toEqual({
      provider: o.price.totalPaise,
      shop_payable: -(o.price.totalPaise - fees),
      ...(fees && { petti_fees: -fees }),
    });
    const sent = await transferOf(o.id);
    expect(sent.status).toBe('processed');
    expect(await booked(`transfer:${sent.id}`)).toEqual({
      shop_payable: sent.amountPaise,
      provider: -sent.amountPaise,
    });
    expect(await money().health()).toEqual({ balanced: true, openChecks: 0 });
    expect(await money().checks.run()).toEqual([]);
  });

  it('finds a payment whose money moved without the books, and clears once they agree again', async () => {
    const o = await order();
    await settle();
    const { paymentId } = await transferOf(o.id);
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    // Some path refunded ₹10 and told nobody: the books and the shop's transfer no longer agree.
    await db()
      .update(payments)
      .set({ refundedPaise: 1000, status: 'partially_refunded' })
      .where(eq(payments.id, paymentId));
    const found = await money().checks.run();
    expect(found.map((c) => c.rule).sort()).toEqual(['order_settlement', 'payment_books', 'shop_payable']);
    expect(found.find((c) => c.rule === 'order_settlement')).toMatchObject({
      orderId: o.id,
      sellerId: SHOP,
      actualPaise: (await transferOf(o.id)).amountPaise,
    });
    // The owner's screens are read from the journal: a row changed behind it moves none of them.
    const report = await owner.call('GET', `/api/shops/${SHOP}/money?from=2026-11-20`);
    expect(report.json().orders.find((x: { orderId: string }) => x.orderId === o.id)).toMatchObject({
      paidPaise: o.price.totalPaise,
      refundedPaise: 0,
      owedPaise: -(await booked(`payment:${paymentId}`)).shop_payable!,
    });
    const payouts = await owner.call('GET', `/api/shops/${SHOP}/payouts?from=2026-11-20`);
    expect(payouts.json().transfers.find((x: { orderId: string }) => x.orderId === o.id)).toMatchObject({
      sharePaise: -(await booked(`payment:${paymentId}`)).shop_payable!,
    });
    expect(payouts.json().totals.owedToPettiPaise).toBe(0);
    const listed = await operator.call('GET', '/api/operator/money-checks');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().checks).toContainEqual(
      expect.objectContaining({ rule: 'order_settlement', shopName: 'Sri Murugan Stores', orderId: o.id }),
    );
    expect((await buyer.call('GET', '/api/operator/money-checks')).statusCode).toBe(403);
    await db()
      .update(payments)
      .set({ refundedPaise: row!.refundedPaise, status: row!.status })
      .where(eq(payments.id, paymentId));
    expect(await money().checks.run()).toEqual([]);
    expect((await operator.call('POST', '/api/operator/money-checks/run')).json()).toEqual({
      checks: [],
      balanced: true,
    });
  });
});

describe('provider events in any order', () => {
  it('a failure told after a transfer was processed is held, and the shop is never paid twice', async () => {
    const o = await order();
    await settle();
    const sent = await transferOf(o.id);
    const late = JSON.stringify({
      entity: 'event',
      event: 'transfer.failed',
      account_id: sent.linkedAccountId,
      payload: {
        transfer: {
          entity: {
            id: sent.providerTransferId,
            amount: sent.amountPaise,
            notes: { petti_transfer: sent.id, order: o.id },
            error: { description: 'late failure' },
          },
        },
      },
      created_at: Math.floor(t.clock.now().getTime() / 1000) - 60,
    });
    const res = await postWebhook(t, late, signBody(late), 'evt_late_failure_1');
    expect(res.statusCode, res.body).toBe(200);
    expect(await transferOf(o.id)).toMatchObject({
      status: 'processed',
      providerTransferId: sent.providerTransferId,
    });
    const held = (await money().checks.open()).find((c) => c.rule === 'provider_transfer_state');
    expect(held).toMatchObject({ held: true, orderId: o.id, sellerId: SHOP });
    // The owner saves the same bank details again: nothing more is sent for the order.
    expect((await owner.call('PUT', `/api/shops/${SHOP}/payout-account`, BANK)).statusCode).toBe(200);
    await settle();
    const atProvider = await db()
      .select()
      .from(testpayTransfers)
      .where(sql`${testpayTransfers.notes}->>'order' = ${o.id}`);
    expect(atProvider).toHaveLength(1);
    // A held fact stays until an operator clears it; a run of the checks does not.
    expect((await money().checks.run()).map((c) => c.id)).toEqual([held!.id]);
    const cleared = await operator.call(
      'POST',
      `/api/operator/money-checks/${encodeURIComponent(held!.id)}/clear`,
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(
      (await operator.call('POST', `/api/operator/money-checks/${encodeURIComponent(held!.id)}/clear`))
        .statusCode,
    ).toBe(404);
    expect(await money().checks.run()).toEqual([]);
  });

  it('a late under_review never moves an activated account back; a newer one does', async () => {
    const [account] = await db()
      .select()
      .from(shopPayoutAccounts)
      .where(eq(shopPayoutAccounts.sellerId, SHOP));
    expect(account!.status).toBe('activated');
    const post = (createdAt: number, id: string) => {
      const body = JSON.stringify({
        entity: 'event',
        event: 'product.route.under_review',
        account_id: account!.linkedAccountId,
        payload: {},
        created_at: createdAt,
      });
      return postWebhook(t, body, signBody(body), id);
    };
    const stateAt = Math.floor((account!.statusAt ?? account!.updatedAt).getTime() / 1000);
    const older = await post(stateAt - 3600, 'evt_late_review_1');
    expect(older.json(), older.body).toMatchObject({ status: 'ignored' });
    const same = await post(stateAt, 'evt_same_second_review_1');
    expect(same.json(), same.body).toMatchObject({ status: 'ignored' });
    const [after] = await db().select().from(shopPayoutAccounts).where(eq(shopPayoutAccounts.sellerId, SHOP));
    expect(after!.status).toBe('activated');
    // Told again later than the account's state, it is a real change: the provider is reviewing it.
    t.clock.advance(5_000);
    expect((await post(stateAt + 2, 'evt_new_review_1')).statusCode).toBe(200);
    const [moved] = await db().select().from(shopPayoutAccounts).where(eq(shopPayoutAccounts.sellerId, SHOP));
    expect(moved!.status).toBe('under_review');
    const activated = JSON.stringify({
      entity: 'event',
      event: 'product.route.activated',
      account_id: account!.linkedAccountId,
      payload: {},
      created_at: stateAt + 3,
    });
    await postWebhook(t, activated, signBody(activated), 'evt_activated_again_1');
    const [back] = await db().select().from(shopPayoutAccounts).where(eq(shopPayoutAccounts.sellerId, SHOP));
    expect(back!.status).toBe('activated');
  });

  it('a transfer.processed of another amount than Petti asked for is held, not recorded', async () => {
    const real = t.app.services.testpayRoute!;
    // The provider cannot be reached: the transfer stays pending on Petti's side.
    vi.spyOn(real, 'transfer').mockRejectedValue(
      new PaymentProviderError('testpay', 0, 'NETWORK_ERROR', 'down'),
    );
    const o = await order();
    await t.app.services.jobs.runDueJobs();
    const pending = await transferOf(o.id);
    expect(pending.status).toBe('pending');
    const body = JSON.stringify({
      entity: 'event',
      event: 'transfer.processed',
      account_id: pending.linkedAccountId,
      payload: {
        transfer: {
          entity: {
            id: 'trf_wrong_amount_1',
            amount: pending.amountPaise * 2,
            notes: { petti_transfer: pending.id },
          },
        },
      },
    });
    expect((await postWebhook(t, body, signBody(body), 'evt_double_amount_1')).statusCode).toBe(200);
    expect(await transferOf(o.id)).toMatchObject({ status: 'pending', providerTransferId: null });
    expect((await money().checks.open()).find((c) => c.rule === 'provider_transfer_amount')).toMatchObject({
      held: true,
      expectedPaise: pending.amountPaise,
      actualPaise: pending.amountPaise * 2,
    });
    vi.restoreAllMocks();
    t.clock.advance(60 * 60_000);
    await settle();
    expect(await transferOf(o.id)).toMatchObject({ status: 'processed' });
    const held = (await money().checks.open()).find((c) => c.rule === 'provider_transfer_amount')!;
    await money().checks.clear(held.id, operator.userId);
    expect(await money().checks.run()).toEqual([]);
  });
});

describe('opening entries', () => {
  it('posts money that moved before the journal once, as its rows say, dated when it moved', async () => {
    const capturedAt = new Date(t.clock.now().getTime() - 3 * 86_400_000);
    // A locker payment and a shop transfer recorded before the journal existed: no line of theirs.
    const paymentId = newId();
    await db()
      .insert(payments)
      .values({
        id: paymentId,
        userId: buyer.userId,
        purpose: 'booking',
        subjectId: 'a-booking-before-the-journal',
        amountPaise: 6000,
        status: 'partially_refunded',
        refundedPaise: 1000,
        provider: 'testpay',
        providerOrderId: `order_${paymentId}`,
        providerPaymentId: `pay_${paymentId}`,
        description: { en: 'Locker', ta: 'லாக்கர்' },
        capturedAt,
      });
    const [account] = await db()
      .select()
      .from(shopPayoutAccounts)
      .where(eq(shopPayoutAccounts.sellerId, SHOP));
    const transferId = newId();
    await db()
      .insert(shopTransfers)
      .values({
        id: transferId,
        sellerId: SHOP,
        orderId: 'an-order-before-the-journal',
        paymentId: 'its-payment',
        provider: 'testpay',
        linkedAccountId: account!.linkedAccountId!,
        providerTransferId: `trf_${transferId}`,
        sharePaise: 2500,
        amountPaise: 2500,
        status: 'processed',
        createdAt: capturedAt,
        updatedAt: capturedAt,
      });
    expect((await money().checks.run()).map((c) => c.rule).sort()).toEqual(
      expect.arrayContaining(['payment_books', 'transfer_books']),
    );

    expect(await money().openPayments()).toBe(1);
    expect(await t.app.services.settlements.openTransfers()).toBe(1);
    expect(await booked(`payment:${paymentId}`)).toEqual({ provider: 5000, petti_sales: -5000 });
    expect(await booked(`transfer:${transferId}`)).toEqual({ shop_payable: 2500, provider: -2500 });
    const openings = await db().select().from(moneyEntries).where(eq(moneyEntries.kind, 'opening'));
    expect(openings.map((e) => [e.scope, e.at.toISOString()]).sort()).toEqual(
      [
        [`payment:${paymentId}`, capturedAt.toISOString()],
        [`transfer:${transferId}`, capturedAt.toISOString()],
      ].sort(),
    );
    expect((await money().checks.run()).map((c) => c.rule)).not.toContain('payment_books');
    expect((await money().checks.run()).map((c) => c.rule)).not.toContain('transfer_books');
    // Once: run again, nothing more is posted.
    expect(await money().openPayments()).toBe(0);
    expect(await t.app.services.settlements.openTransfers()).toBe(0);
  });
});

import type { Order } from '@petti/shared/schemas/orders';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { timers } from '../../platform/jobs/schema.ts';
import { PaymentProviderError } from '../../platform/payments/payment-provider.ts';
import {
  testpayEvents,
  testpayReversals,
  testpayTransfers,
} from '../../platform/payments/testpay/route-schema.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Shopper, shopper } from '../../test/locker-helpers.ts';
import { addAddress, line, placed } from '../../test/order-helpers.ts';
import { linkBank, settle as settleAll } from '../../test/settlement-helpers.ts';
import { shopMember } from '../../test/shop-helpers.ts';
import { shopPayoutAccounts, shopTransfers } from './schema.ts';

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
  await linkBank(owner);
}, 60_000);
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  for (const s of [owner, staff, buyer]) await s?.stop();
  await t?.close();
});

const db = () => t.ctx.database.db;
const services = () => t.app.services;
const reconcile = () => services().settlements.reconcile();

const settle = () => settleAll(t);

const order = async (items: Array<[string, number]> = [[RICE, 1]]): Promise<Order> =>
  placed(buyer, {
    sellerId: SHOP,
    items: await Promise.all(items.map(([id, n]) => line(t, id, n))),
    deliveryType: 'home',
    addressId: address,
  });

const oursOf = async (orderId: string) =>
  db().select().from(shopTransfers).where(eq(shopTransfers.orderId, orderId));
const theirsOf = async (orderId: string) =>
  (await db().select().from(testpayTransfers)).filter((x) => x.notes.order === orderId);
const openChecks = async () => (await services().money.checks.run()).map((c) => c.rule);

describe('the reconciliation with the provider', () => {
  it('records a transfer the provider made that Petti lost, and never sends it twice', async () => {
    const o = await order();
    await settle();
    const [sent] = await oursOf(o.id);
    expect(sent).toMatchObject({ status: 'processed' });
    // Petti's row is lost (a restore from an older backup, a bad hand edit): its books no longer agree.
    await db().delete(shopTransfers).where(eq(shopTransfers.id, sent!.id));
    expect(await openChecks()).toContain('order_not_sent');

    const done = await reconcile();
    expect(done.repaired.join('\n')).toContain(`order ${o.id}: transfer ${sent!.providerTransferId}`);
    const [back] = await oursOf(o.id);
    expect(back).toMatchObject({
      id: sent!.id,
      status: 'processed',
      amountPaise: sent!.amountPaise,
      providerTransferId: sent!.providerTransferId,
    });
    await settle();
    expect(await theirsOf(o.id)).toHaveLength(1);
    expect(await openChecks()).toEqual([]);
    // Run again: nothing more to do.
    expect(await reconcile()).toEqual({ repaired: [], held: 0 });
  });

  it('takes back a refund whose reversal was never sent', async () => {
    const o = await order([
      [RICE, 1],
      [RICE_5, 1],
    ]);
    await settle();
    const [sent] = await oursOf(o.id);
    expect(sent).toMatchObject({ status: 'processed' });
    // An item is missing while the provider is down; the run that would take its money back from the
    // shop is then lost with its timer (a restore, a hand edit): the reversal is never sent.
    const route = services().testpayRoute!;
    vi.spyOn(route, 'reverse').mockRejectedValue(
      new PaymentProviderError('testpay', 503, 'SERVER_ERROR', 'the provider is down'),
    );
    const missing = await staff.call(
      'POST',
      `/api/shops/${SHOP}/orders/${o.id}/items/${RICE_5}/unavailable`,
      { quantity: 1 },
    );
    expect(missing.statusCode, missing.body).toBe(200);
    await settle();
    vi.restoreAllMocks();
    await db()
      .delete(timers)
      .where(eq(timers.key, `settlements:order:${o.id}`));
    await settle();
    const atProvider = () =>
      db().select().from(testpayReversals).where(eq(testpayReversals.transferId, sent!.providerTransferId!));
    expect(await atProvider()).toEqual([]);
    expect(await openChecks()).toContain('transfer_pending');

    const done = await reconcile();
    expect(done.repaired.join('\n')).toContain(`order ${o.id}: transfer_pending`);
    await settle();
    const [share] = await services().orders.shares(db(), { orderIds: [o.id] });
    const reversed = await atProvider();
    expect(reversed).toHaveLength(1);
    expect(sent!.amountPaise - reversed[0]!.amountPaise).toBe(share!.sharePaise);
    expect(await openChecks()).toEqual([]);
  });

  it('marks a transfer settled into the bank when the settlement’s webhook was lost', async () => {
    const o = await order();
    await settle();
    // testpay pays the shop's balance into its bank; its settlement.processed never reaches Petti.
    expect(await services().testpayRoute!.settleDue(t.clock.now())).toBe(1);
    await db()
      .update(testpayEvents)
      .set({ deliveredAt: t.clock.now(), nextAt: null })
      .where(isNull(testpayEvents.deliveredAt));
    await settle();
    expect((await oursOf(o.id))[0]?.settledAt).toBeNull();

    const done = await reconcile();
    // Every transfer that settlement paid (this order's and the earlier tests'), each once.
    expect(done.repaired.length).toBeGreaterThan(0);
    for (const line of done.repaired) expect(line).toMatch(/settled by .*, recorded$/);
    expect(done.repaired.filter((line) => line.startsWith(`order ${o.id}:`))).toHaveLength(1);
    await settle();
    const [row] = await oursOf(o.id);
    expect(row?.settledAt).not.toBeNull();
    expect((await reconcile()).repaired).toEqual([]);
  });

  it('reports, and never repairs, a provider transfer Petti never asked for', async () => {
    const o = await order();
    await settle();
    const [sent] = await oursOf(o.id);
    const [account] = await db()
      .select()
      .from(shopPayoutAccounts)
      .where(eq(shopPayoutAccounts.sellerId, SHOP));
    const route = services().testpayRoute!;
    // Someone at the provider's dashboard sends the shop money for no order, and pays this order again.
    const stray = await route.transfer({
      account: account!.linkedAccountId!,
      amount: 5000,
      notes: { petti_transfer: 'made-by-hand', order: 'no-such-order' },
    });
    const twice = await route.transfer({
      account: account!.linkedAccountId!,
      amount: sent!.amountPaise,
      notes: { petti_transfer: 'paid-again', order: o.id },
    });

    const done = await reconcile();
    expect(done).toEqual({ repaired: [], held: 2 });
    const open = await services().money.checks.open();
    expect(open.filter((c) => c.rule === 'provider_transfer_unknown')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subject: stray.id, held: true, actualPaise: 5000, sellerId: SHOP }),
        expect.objectContaining({ subject: twice.id, held: true, orderId: o.id, sellerId: SHOP }),
      ]),
    );
    // Petti's books are as they were: one transfer for the order, none for the stray money.
    expect(await oursOf(o.id)).toEqual([sent]);
    expect(await db().select().from(shopTransfers).where(eq(shopTransfers.id, 'made-by-hand'))).toEqual([]);
    // Run again: held once, not twice.
    expect((await reconcile()).held).toBe(2);
    expect(
      (await services().money.checks.open()).filter((c) => c.rule === 'provider_transfer_unknown'),
    ).toHaveLength(2);
    // Dealt with by an operator, they stay dealt with: the next run meets the same transfers, and
    // holds nothing new; a transfer of another amount would be news.
    for (const c of open) await services().money.checks.clear(c.id, 'test');
    expect((await reconcile()).held).toBe(2);
    expect(await openChecks()).toEqual([]);
  });
});

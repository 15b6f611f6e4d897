import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { MIN, type Shopper, shopper, until } from '../../../test/locker-helpers.ts';
import { addAddress, getOrder, line, placed, placeOrder, variant } from '../../../test/order-helpers.ts';
import { orderWorld } from '../../../test/order-world.ts';
import { buyPlan } from '../../../test/payment-helpers.ts';

const SHOP = 'sri-murugan-stores';
const NEAR = { lat: 9.456, lng: 77.8 };
const RICE = 'murugan-ponni-raw-rice-10kg';

const CANCEL_STEPS = ['orders.cancel.close', 'orders.cancel.refund'];

let t: TestApp;
let buyer: Shopper;
let home: string;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await shopper(t);
  home = await addAddress(t, buyer.userId, NEAR);
  // A Delivery Pass, so a cancelled order has a delivery to give back.
  const sub = await buyPlan(t, buyer.tokens.accessToken, 'delivery-pass');
  expect((await buyer.pay(sub.payment)).statusCode).toBe(200);
});
afterEach(() => t.app.services.flows.setHooks({}));
afterAll(async () => {
  await buyer?.stop();
  await t?.close();
});

const order = async (quantity: number) =>
  placed(buyer, {
    sellerId: SHOP,
    items: [await line(t, RICE, quantity)],
    deliveryType: 'home',
    addressId: home,
  });

const failAt = (name: string) =>
  t.app.services.flows.setHooks({
    beforeStep: (flow, step) => {
      if (flow === 'orders.cancel' && step === name) throw new Error(`${step} failed (test)`);
    },
  });

describe('orders.cancel', () => {
  it('lists its steps in the order it takes them', () => {
    expect(t.app.services.orders.flows.cancel.steps).toEqual(CANCEL_STEPS);
  });

  it('failing at the close leaves the paid order, its stock, its pass delivery and its payment as they were', async () => {
    const o = await order(2);
    expect(o.price.deliveryWaived).toBe(true);
    const before = await orderWorld(t, buyer.userId, [RICE]);
    expect(before.deliveriesUsed).toContain(1);
    failAt('orders.cancel.close');
    const res = await buyer.call('POST', `/api/orders/${o.id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(500);
    expect(await orderWorld(t, buyer.userId, [RICE])).toEqual(before);
    await t.app.services.jobs.runDueJobs();
    expect((await getOrder(buyer, o.id)).paymentStatus).toBe('captured');

    t.app.services.flows.setHooks({});
    const again = await buyer.call('POST', `/api/orders/${o.id}/cancel`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect((await variant(t, RICE)).inventory).toBe(before.stock[RICE]! + 2);
  });

  it('failing at the refund: past the pivot the cancellation stands, and the refund timer pays it back later', async () => {
    const o = await order(1);
    const before = await orderWorld(t, buyer.userId, [RICE]);
    failAt('orders.cancel.refund');
    const res = await buyer.call('POST', `/api/orders/${o.id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().state).toBe('cancelled');
    const after = await orderWorld(t, buyer.userId, [RICE]);
    expect(after.stock[RICE]).toBe(before.stock[RICE]! + 1);
    expect(after.deliveriesUsed).toEqual(before.deliveriesUsed.map((n) => n - 1));
    expect(after.timers).toContain(`order.refund:${o.id}`);
    expect(after).toMatchObject({ refunds: before.refunds, heldEvents: 0, flowRuns: 0 });
    expect(after.payments.find((p) => p.id === o.payment!.id)?.status).toBe('captured');
    await buyer.heard('orderCancelled');

    t.app.services.flows.setHooks({});
    await until(async () => {
      await t.app.services.jobs.runDueJobs();
      const now = await getOrder(buyer, o.id);
      expect(now.paymentStatus).toBe('refunded');
      expect(now.refundedPaise).toBe(now.price.totalPaise);
    });
    expect((await orderWorld(t, buyer.userId, [])).timers).not.toContain(`order.refund:${o.id}`);
  });

  it('the payment hold: failing at the close leaves the unpaid order holding its stock, and its timer tries again', async () => {
    const IDLI = 'murugan-idli-rice-5kg';
    const res = await placeOrder(buyer, {
      sellerId: SHOP,
      items: [await line(t, IDLI, 2)],
      deliveryType: 'home',
      addressId: home,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    t.clock.advance(10 * MIN + 1000);
    const before = await orderWorld(t, buyer.userId, [IDLI]);
    failAt('orders.cancel.close');
    await t.app.services.jobs.runDueJobs();
    const after = await orderWorld(t, buyer.userId, [IDLI]);
    expect(after).toEqual(before);
    expect((await getOrder(buyer, id)).state).toBe('awaiting_payment');

    t.app.services.flows.setHooks({});
    t.clock.advance(10 * MIN);
    await t.app.services.jobs.runDueJobs();
    expect((await getOrder(buyer, id)).state).toBe('timed_out');
    expect((await variant(t, IDLI)).inventory).toBe(before.stock[IDLI]! + 2);
  });
});

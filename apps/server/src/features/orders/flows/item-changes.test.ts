import type { Order } from '@petti/shared/schemas/orders';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { MIN, type Shopper, shopper, until } from '../../../test/locker-helpers.ts';
import { addAddress, getOrder, line, placed, variant } from '../../../test/order-helpers.ts';
import { orderWorld } from '../../../test/order-world.ts';
import { shopMember, shopStep } from '../../../test/shop-helpers.ts';

const SHOP = 'sri-murugan-stores';
const RICE = 'murugan-ponni-raw-rice-10kg'; // ₹640
const BOILED = 'murugan-ponni-boiled-rice-10kg'; // ₹580: a cheaper substitute
const BIG = 'murugan-ponni-raw-rice-25kg'; // ₹1,520: dearer than the rice
const DAL = 'murugan-toor-dal-1kg';

const MISSING_STEPS = ['orders.item-unavailable.mark', 'orders.item-unavailable.refund'];
const ACCEPT_STEPS = [
  'orders.substitute-accept.take-stock',
  'orders.substitute-accept.settle',
  'orders.substitute-accept.refund',
];

let t: TestApp;
let buyer: Shopper;
let staff: Shopper;
let home: string;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await shopper(t);
  staff = await shopMember(t, SHOP, 'staff');
  home = await addAddress(t, buyer.userId, { lat: 9.456, lng: 77.8 });
}, 60_000);
afterEach(() => t.app.services.flows.setHooks({}));
afterAll(async () => {
  await buyer?.stop();
  await staff?.stop();
  await t?.close();
});

async function riceAndDal(rice = 2): Promise<Order> {
  const o = await placed(buyer, {
    sellerId: SHOP,
    items: [await line(t, RICE, rice), await line(t, DAL, 1)],
    deliveryType: 'home',
    addressId: home,
  });
  const accepted = await shopStep(staff, SHOP, o.id, 'accept', {});
  expect(accepted.statusCode, accepted.body).toBe(200);
  return o;
}

const missing = (o: Order, vrntId: string, quantity?: number) =>
  shopStep(staff, SHOP, o.id, `items/${vrntId}/unavailable`, quantity ? { quantity } : {});
const offer = (o: Order, vrntId: string, substituteVrntId: string, quantity?: number) =>
  shopStep(staff, SHOP, o.id, `items/${vrntId}/substitute`, {
    substituteVrntId,
    ...(quantity ? { quantity } : {}),
  });
const answer = (o: Order, id: string, what: 'accept' | 'decline') =>
  buyer.call('POST', `/api/orders/${o.id}/substitutions/${id}/${what}`, {});

const unitOf = (o: Order, vrntId: string) => o.items.find((i) => i.vrntId === vrntId)!.unitPricePaise;

async function refunded(id: string, paise: number) {
  await until(async () => {
    await t.app.services.jobs.runDueJobs();
    expect((await getOrder(buyer, id)).refundedPaise).toBe(paise);
  });
}

const failAt = (flow: string, name: string) =>
  t.app.services.flows.setHooks({
    beforeStep: (f, step) => {
      if (f === flow && step === name) throw new Error(`${step} failed (test)`);
    },
  });

describe('an item is not there', () => {
  it('lists the steps of both flows in the order they take them', () => {
    expect(t.app.services.orders.flows.itemUnavailable.steps).toEqual(MISSING_STEPS);
    expect(t.app.services.orders.flows.substituteAccept.steps).toEqual(ACCEPT_STEPS);
  });

  it('marked unavailable: that part is refunded, the receipt shows it, the buyer is told live; all of it is refused', async () => {
    const o = await riceAndDal();
    const res = await missing(o, DAL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.find((i: { vrntId: string }) => i.vrntId === DAL).unavailableQuantity).toBe(1);
    const heard = await buyer.heard('orderItemUnavailable');
    expect(heard.data).toMatchObject({ vrntId: DAL, quantity: 1, refundPaise: unitOf(o, DAL) });
    expect(String(heard.data.message)).toContain('is being refunded');
    await refunded(o.id, unitOf(o, DAL));
    // One of the two bags of rice as well, then the last one would leave nothing: refused.
    expect((await missing(o, RICE, 1)).statusCode).toBe(200);
    await refunded(o.id, unitOf(o, DAL) + unitOf(o, RICE));
    const last = await missing(o, RICE, 1);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('AllItemsUnavailable');
    const tooMany = await missing(o, RICE, 5);
    expect(tooMany.json().error.code).toBe('ItemChangeInvalid');
    // Packed, nothing more can go missing.
    expect((await shopStep(staff, SHOP, o.id, 'pack')).statusCode).toBe(200);
    expect((await missing(o, RICE, 1)).statusCode).toBe(409);
  });

  it('a cheaper substitute accepted: its stock is taken, the difference refunded, and packing goes on', async () => {
    const o = await riceAndDal();
    const stockBefore = (await variant(t, BOILED)).inventory;
    const offered = await offer(o, RICE, BOILED);
    expect(offered.statusCode, offered.body).toBe(200);
    // The board's last line says what was done, and by whom: the offer, not the order's state.
    const lastByName = (offered.json().shopTimeline as Array<{ step: string; by: string | null }>).findLast(
      (s) => s.by,
    );
    expect(lastByName).toMatchObject({ step: 'substituteOffered', by: 'Test Shopper' });
    const sub = offered.json().substitutions[0];
    expect(sub).toMatchObject({
      vrntId: RICE,
      quantity: 2,
      status: 'offered',
      substitute: { vrntId: BOILED },
    });
    await buyer.heard('orderSubstituteOffered');
    // While the buyer decides, the bag is not closed.
    const early = await shopStep(staff, SHOP, o.id, 'pack');
    expect(early.json().error.code).toBe('SubstitutionPending');
    const yes = await answer(o, sub.id, 'accept');
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json().substitutions[0].status).toBe('accepted');
    expect((await variant(t, BOILED)).inventory).toBe(stockBefore - 2);
    await refunded(o.id, (unitOf(o, RICE) - sub.substitute.unitPricePaise) * 2);
    expect((await answer(o, sub.id, 'decline')).json().error.code).toBe('SubstitutionDecided');
    expect((await shopStep(staff, SHOP, o.id, 'pack')).statusCode).toBe(200);
  });

  it('a dearer substitute, another shop’s product or one out of stock is refused and changes nothing', async () => {
    const o = await riceAndDal(1);
    const before = await orderWorld(t, buyer.userId, [RICE, BIG]);
    const dear = await offer(o, RICE, BIG);
    expect(dear.statusCode).toBe(422);
    expect(dear.json().error.code).toBe('SubstituteTooDear');
    expect((await offer(o, RICE, 'santhi-srivilliputhur-palkova-500g')).statusCode).toBe(404);
    expect(await orderWorld(t, buyer.userId, [RICE, BIG])).toEqual(before);
  });

  it('declined, or left unanswered for 10 minutes: that part of the line is refunded', async () => {
    const o = await riceAndDal();
    const first = (await offer(o, RICE, BOILED, 1)).json().substitutions[0];
    expect((await answer(o, first.id, 'decline')).statusCode).toBe(200);
    await refunded(o.id, unitOf(o, RICE));
    const second = (await offer(o, RICE, BOILED, 1)).json().substitutions.at(-1);
    t.clock.advance(11 * MIN);
    await refunded(o.id, unitOf(o, RICE) * 2);
    const now = await getOrder(buyer, o.id);
    expect(now.substitutions.map((s) => s.status)).toEqual(['declined', 'expired']);
    expect(now.items.find((i) => i.vrntId === RICE)!.unavailableQuantity).toBe(2);
    expect(second.id).not.toBe(first.id);
    expect((await answer(o, second.id, 'accept')).json().error.code).toBe('SubstitutionDecided');
  });

  it('cancelled after a substitute was taken: the substitute goes back on the shelf, and the missing item does not', async () => {
    const o = await riceAndDal();
    const rice = (await variant(t, RICE)).inventory;
    const boiled = (await variant(t, BOILED)).inventory;
    const dal = (await variant(t, DAL)).inventory;
    const sub = (await offer(o, RICE, BOILED, 1)).json().substitutions[0];
    expect((await answer(o, sub.id, 'accept')).statusCode).toBe(200);
    expect((await missing(o, DAL)).statusCode).toBe(200);
    // A second offer waits when the buyer cancels: its timer later only closes it.
    const waiting = (await offer(o, RICE, BOILED, 1)).json().substitutions.at(-1);
    expect((await buyer.call('POST', `/api/orders/${o.id}/cancel`, {})).statusCode).toBe(200);
    expect((await variant(t, BOILED)).inventory).toBe(boiled);
    expect((await variant(t, RICE)).inventory).toBe(rice + 1);
    expect((await variant(t, DAL)).inventory).toBe(dal);
    await refunded(o.id, (await getOrder(buyer, o.id)).price.totalPaise);
    t.clock.advance(11 * MIN);
    await t.app.services.jobs.runDueJobs();
    const after = await getOrder(buyer, o.id);
    expect(after.substitutions.find((s) => s.id === waiting.id)?.status).toBe('expired');
    expect(after.refundedPaise).toBe(after.price.totalPaise);
  });
});

describe('each step failed in turn', () => {
  it('item-unavailable failing at mark changes nothing; trying again works', async () => {
    const o = await riceAndDal();
    const before = await orderWorld(t, buyer.userId, [RICE, DAL]);
    failAt('orders.item-unavailable', 'orders.item-unavailable.mark');
    expect((await missing(o, DAL)).statusCode).toBe(500);
    expect(await orderWorld(t, buyer.userId, [RICE, DAL])).toEqual(before);
    t.app.services.flows.setHooks({});
    expect((await missing(o, DAL)).statusCode).toBe(200);
    await refunded(o.id, unitOf(o, DAL));
  });

  it('item-unavailable failing at the refund: the change stands and the timer refunds it later, once', async () => {
    const o = await riceAndDal();
    failAt('orders.item-unavailable', 'orders.item-unavailable.refund');
    expect((await missing(o, DAL)).statusCode).toBe(200);
    expect((await getOrder(buyer, o.id)).refundedPaise).toBe(0);
    expect((await orderWorld(t, buyer.userId, [])).timers).toContain(`order.refund-owed:${o.id}`);
    t.app.services.flows.setHooks({});
    await refunded(o.id, unitOf(o, DAL));
    // The timer run again refunds nothing more.
    await t.app.services.orders.refundOwed(o.id);
    expect((await getOrder(buyer, o.id)).refundedPaise).toBe(unitOf(o, DAL));
  });

  it('substitute-accept failing at take-stock or settle leaves the offer waiting and the stock as it was', async () => {
    const o = await riceAndDal();
    const sub = (await offer(o, RICE, BOILED)).json().substitutions[0];
    for (const step of ACCEPT_STEPS.slice(0, 2)) {
      const before = await orderWorld(t, buyer.userId, [RICE, BOILED]);
      failAt('orders.substitute-accept', step);
      expect((await answer(o, sub.id, 'accept')).statusCode, step).toBe(500);
      expect(await orderWorld(t, buyer.userId, [RICE, BOILED]), step).toEqual(before);
      expect((await getOrder(buyer, o.id)).substitutions[0]!.status).toBe('offered');
    }
  });

  it('substitute-accept failing at the refund: accepted, and the difference reaches the buyer by the timer', async () => {
    const o = await riceAndDal();
    const sub = (await offer(o, RICE, BOILED)).json().substitutions[0];
    failAt('orders.substitute-accept', 'orders.substitute-accept.refund');
    expect((await answer(o, sub.id, 'accept')).statusCode).toBe(200);
    t.app.services.flows.setHooks({});
    await refunded(o.id, (unitOf(o, RICE) - sub.substitute.unitPricePaise) * 2);
  });
});

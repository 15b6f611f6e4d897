import type { Order } from '@petti/shared/schemas/orders';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, onPostgres, type TestApp } from '../../../test/helper.ts';
import { type Shopper, shopper } from '../../../test/locker-helpers.ts';
import {
  addAddress,
  freshKey,
  getOrder,
  line,
  placeOrder,
  setStock,
  variant,
} from '../../../test/order-helpers.ts';
import { orderWorld } from '../../../test/order-world.ts';

const SHOP = 'sri-murugan-stores';
const NEAR = { lat: 9.456, lng: 77.8 };
const RICE = 'murugan-ponni-raw-rice-10kg'; // plenty in stock
const DAL = 'murugan-chana-dal-1kg';

const PLACE_STEPS = [
  'orders.place.check-range',
  'orders.place.reserve',
  'orders.place.take-stock',
  'payments.open-provider-order',
  'orders.place.record-payment',
];

let t: TestApp;
let buyer: Shopper;
let home: string;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await shopper(t);
  home = await addAddress(t, buyer.userId, NEAR);
});
afterEach(() => t.app.services.flows.setHooks({}));
afterAll(async () => {
  await buyer?.stop();
  await t?.close();
});

const body = async (items: Array<[string, number]>) => ({
  sellerId: SHOP,
  items: await Promise.all(items.map(([v, q]) => line(t, v, q))),
  deliveryType: 'home',
  addressId: home,
});

describe('orders.place', () => {
  it('checks a curbside order once, inside its transaction: there is no distance to measure first', async () => {
    const taken: string[] = [];
    t.app.services.flows.setHooks({
      beforeStep: (flow, step) => {
        if (flow === 'orders.place') taken.push(step);
      },
    });
    const res = await placeOrder(buyer, {
      sellerId: SHOP,
      items: [await line(t, RICE, 1)],
      deliveryType: 'curbside',
      vehicleNo: 'TN 67 AB 1234',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(taken).toEqual(PLACE_STEPS.slice(1));
  });

  it('answers the order it placed exactly as reading it back does, lines, picture, timeline and payment', async () => {
    const res = await placeOrder(
      buyer,
      await body([
        [RICE, 2],
        [DAL, 1],
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const answered = res.json() as Order;
    expect(answered.items.map((i) => i.vrntId)).toEqual([DAL, RICE]);
    expect(answered.items.every((i) => i.image)).toBe(true);
    expect(answered.timeline.map((l) => l.state)).toEqual(['awaiting_payment']);
    expect(answered.paymentStatus).toBe('created');
    expect(await getOrder(buyer, answered.id)).toEqual(answered);
  });

  it('lists its steps in the order it takes them', () => {
    expect(t.app.services.orders.flows.place.steps).toEqual(PLACE_STEPS);
  });

  it.each(PLACE_STEPS)('failing at %s leaves nothing half-made', async (failAt) => {
    await setStock(t, DAL, 5);
    const request = await body([
      [RICE, 2],
      [DAL, 1],
    ]);
    const before = await orderWorld(t, buyer.userId, [RICE, DAL]);
    const heard = buyer.events.length;
    const taken: string[] = [];
    t.app.services.flows.setHooks({
      beforeStep: (flow, step) => {
        if (flow !== 'orders.place') return;
        taken.push(step);
        if (step === failAt) throw new Error(`${step} failed (test)`);
      },
    });
    const res = await placeOrder(buyer, request);
    expect(res.statusCode, res.body).toBe(500);
    expect(taken).toEqual(PLACE_STEPS.slice(0, PLACE_STEPS.indexOf(failAt) + 1));
    expect(await orderWorld(t, buyer.userId, [RICE, DAL])).toEqual(before);
    await new Promise((r) => setTimeout(r, 100));
    expect(buyer.events.slice(heard).map((e) => e.event)).toEqual([]);

    // The same request, with nothing in the way, places the order.
    t.app.services.flows.setHooks({});
    const ok = await placeOrder(buyer, request);
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await variant(t, RICE)).inventory).toBe(before.stock[RICE]! - 2);
    expect((await variant(t, DAL)).inventory).toBe(4);
    expect(await orderWorld(t, buyer.userId, [])).toMatchObject({ heldEvents: 0, flowRuns: 0 });
  });
});

describe('the oversell guard: stock is taken again under its own lock', () => {
  /** Asserts `res` is refused as out of stock on `vrntId`, as when validation itself sees no stock. */
  const refusedOutOfStock = (res: Awaited<ReturnType<typeof placeOrder>>, vrntId: string) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe('cartItemsError');
    const items = res.json().error.items as Array<{
      vrntId: string;
      status: string;
      message: string;
    }>;
    expect(items.find((i) => i.vrntId === vrntId)?.status).toBe('BAD');
  };

  it('refuses an order whose last unit another order took after its check and before its take', async () => {
    await setStock(t, DAL, 1);
    const rival = await shopper(t);
    const rivalHome = await addAddress(t, rival.userId, NEAR);
    const request = await body([[DAL, 1]]);
    let rivalAnswer: Awaited<ReturnType<typeof placeOrder>> | null = null;
    let rivalStarted = false;
    t.app.services.flows.setHooks({
      beforeStep: async (flow, step) => {
        if (flow !== 'orders.place' || step !== 'orders.place.take-stock' || rivalStarted) return;
        rivalStarted = true;
        // This order's checks saw one unit; the rival places its order for it now.
        rivalAnswer = await placeOrder(rival, { ...request, addressId: rivalHome });
      },
    });
    const before = await orderWorld(t, buyer.userId, [DAL]);
    const res = await placeOrder(buyer, request);
    expect(rivalAnswer!.statusCode, rivalAnswer!.body).toBe(201);
    refusedOutOfStock(res, DAL);
    expect((await variant(t, DAL)).inventory).toBe(0);
    // Nothing of the refused order stays; the rival's order is the only one holding the unit.
    const rivalOrder = rivalAnswer!.json() as Order;
    expect(await orderWorld(t, buyer.userId, [])).toEqual({
      ...before,
      stock: {},
      timers: [...before.timers, `order.payment-hold:${rivalOrder.id}`].sort(),
    });
    await rival.stop();
  });

  it('refuses the order when the stock is changed directly between its check and its take', async () => {
    await setStock(t, DAL, 2);
    const request = await body([
      [RICE, 1],
      [DAL, 2],
    ]);
    const before = await orderWorld(t, buyer.userId, [RICE, DAL]);
    t.app.services.flows.setHooks({
      beforeStep: async (_flow, step) => {
        if (step === 'orders.place.take-stock') await setStock(t, DAL, 1);
      },
    });
    const res = await placeOrder(buyer, request);
    refusedOutOfStock(res, DAL);
    // The rice line was taken first in the same step and rolled back with it.
    expect(await orderWorld(t, buyer.userId, [RICE, DAL])).toEqual({
      ...before,
      stock: { ...before.stock, [DAL]: 1 },
    });
  });

  it.runIf(onPostgres)('places exactly as many orders as there are units when 30 race for 3', async () => {
    await setStock(t, DAL, 3);
    const request = await body([[DAL, 1]]);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => placeOrder(buyer, request, freshKey())),
    );
    const won = answers.filter((a) => a.statusCode === 201);
    expect(won).toHaveLength(3);
    for (const a of answers.filter((x) => x.statusCode !== 201)) refusedOutOfStock(a, DAL);
    expect((await variant(t, DAL)).inventory).toBe(0);
    expect(new Set(won.map((a) => (a.json() as Order).id)).size).toBe(3);
  });
});

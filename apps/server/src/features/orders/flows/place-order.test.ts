import type { Order } from '@petti/shared/schemas/orders';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbOrTx } from '../../../db/client.ts';
import { FLOW_LEASE_MS } from '../../../platform/flows/runner.ts';
import { flowRuns } from '../../../platform/flows/schema.ts';
import { clearHooks, dieBefore } from '../../../test/flow-helpers.ts';
import { buildTestApp, onPostgres, type TestApp } from '../../../test/helper.ts';
import { type Shopper, shopper } from '../../../test/locker-helpers.ts';
import {
  addAddress,
  freshKey,
  getOrder,
  line,
  placeOrder,
  setStock,
  setStockIn,
  variant,
} from '../../../test/order-helpers.ts';
import { orderWorld } from '../../../test/order-world.ts';
import { stock } from '../../catalog/index.ts';

const SHOP = 'sri-murugan-stores';
const NEAR = { lat: 9.456, lng: 77.8 };
const RICE = 'murugan-ponni-raw-rice-10kg'; // plenty in stock
const DAL = 'murugan-chana-dal-1kg';

const PLACE_STEPS = [
  'orders.place.check-range',
  'orders.place.reserve',
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

  /**
   * Runs `meanwhile` in the reserve step's transaction after its checks read the stock and before
   * the catalog takes it: what another order committing in between would leave.
   */
  const betweenCheckAndTake = (meanwhile: (tx: DbOrTx) => Promise<void>) => {
    const take = stock.take;
    vi.spyOn(stock, 'take').mockImplementationOnce(async (tx, lines) => {
      await meanwhile(tx);
      return take(tx, lines);
    });
  };
  afterEach(() => vi.restoreAllMocks());

  // On PostgreSQL only: the rival's order commits on a connection of its own while this order's
  // transaction is open (the embedded database runs one transaction at a time).
  it.runIf(onPostgres)(
    'refuses an order whose last unit another order took after its check and before its take',
    async () => {
      await setStock(t, DAL, 1);
      const rival = await shopper(t);
      const rivalHome = await addAddress(t, rival.userId, NEAR);
      const request = await body([[DAL, 1]]);
      let rivalAnswer: Awaited<ReturnType<typeof placeOrder>> | null = null;
      // This order's checks saw one unit; the rival places its order for it now.
      betweenCheckAndTake(async () => {
        rivalAnswer = await placeOrder(rival, { ...request, addressId: rivalHome });
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
    },
  );

  it('refuses the order when the stock is changed directly between its check and its take', async () => {
    await setStock(t, DAL, 2);
    const request = await body([
      [RICE, 1],
      [DAL, 2],
    ]);
    const before = await orderWorld(t, buyer.userId, [RICE, DAL]);
    betweenCheckAndTake((tx) => setStockIn(tx, DAL, 1));
    const res = await placeOrder(buyer, request);
    refusedOutOfStock(res, DAL);
    // The rice line was taken first in the same step and rolled back with it, and so was the
    // order; the direct change too, having run in the same transaction.
    expect(await orderWorld(t, buyer.userId, [RICE, DAL])).toEqual(before);
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

describe('a run stored by the version that took stock in a step of its own', () => {
  it('is still undone when its process died: the order deleted, the stock given back once', async () => {
    await setStock(t, DAL, 5);
    const before = await orderWorld(t, buyer.userId, [DAL]);
    // The process "dies" while the provider opens the payment, after the reserve step committed.
    const request = await body([[DAL, 2]]);
    const { abandoned, wake } = await dieBefore(t, 'payments.open-provider-order', () =>
      placeOrder(buyer, request),
    );
    expect((await variant(t, DAL)).inventory).toBe(3);
    // Rewritten as the earlier version stored it: reserve's record without the lines, then the
    // take-stock step's own.
    const db = t.ctx.database.db;
    const [run] = await db.select().from(flowRuns).where(eq(flowRuns.flow, 'orders.place'));
    const [reserved] = run!.undo as Array<{ step: string; data: { orderId: string; lines: unknown } }>;
    expect(reserved!.step).toBe('orders.place.reserve');
    await db
      .update(flowRuns)
      .set({
        undo: [
          { step: 'orders.place.reserve', data: { orderId: reserved!.data.orderId } },
          { step: 'orders.place.take-stock', data: { lines: reserved!.data.lines } },
        ],
      })
      .where(eq(flowRuns.id, run!.id));

    t.clock.advance(FLOW_LEASE_MS + 1000);
    expect(await t.app.services.flows.recoverAbandoned()).toBe(1);
    expect(await orderWorld(t, buyer.userId, [DAL])).toEqual(before);
    // The test's own "dead" process wakes up last; its answer is the failure.
    clearHooks(t);
    wake();
    expect((await abandoned).statusCode).toBe(500);
  });
});

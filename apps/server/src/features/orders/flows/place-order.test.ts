import type { Order } from '@petti/shared/schemas/orders';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbOrTx } from '../../../db/client.ts';
import { FLOW_LEASE_MS } from '../../../platform/flows/runner.ts';
import { flowRuns, type UndoRecord } from '../../../platform/flows/schema.ts';
import { newId } from '../../../platform/ids.ts';
import { clearHooks, dieBefore } from '../../../test/flow-helpers.ts';
import { buildTestApp, onPostgres, type TestApp } from '../../../test/helper.ts';
import { type Shopper, shopper } from '../../../test/locker-helpers.ts';
import {
  addAddress,
  freshKey,
  getOrder,
  line,
  placed,
  placeOrder,
  setStock,
  setStockIn,
  variant,
} from '../../../test/order-helpers.ts';
import { orderWorld } from '../../../test/order-world.ts';
import { type StockLine, stock } from '../../catalog/index.ts';
import { orderItems, orderStateLog, orders } from '../schema.ts';

const SHOP = 'sri-murugan-stores';
const NEAR = { lat: 9.456, lng: 77.8 };
const RICE = 'murugan-ponni-raw-rice-10kg'; // plenty in stock
const DAL = 'murugan-chana-dal-1kg';

const PLACE_STEPS = ['orders.place.check', 'payments.open-provider-order', 'orders.place.create'];

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
  it('takes the same steps for a curbside order, which has no distance to measure', async () => {
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
    expect(taken).toEqual(PLACE_STEPS);
  });

  it('writes nothing before its last step: a process dying before it leaves nothing to recover', async () => {
    await setStock(t, DAL, 5);
    const before = await orderWorld(t, buyer.userId, [RICE, DAL]);
    const { abandoned, wake } = await dieBefore(t, 'orders.place.create', async () =>
      placeOrder(
        buyer,
        await body([
          [RICE, 1],
          [DAL, 1],
        ]),
      ),
    );
    // Checked and the provider's order opened; no stock, order, payment or run record yet.
    expect(await orderWorld(t, buyer.userId, [RICE, DAL])).toEqual(before);
    t.clock.advance(FLOW_LEASE_MS + 1000);
    expect(await t.app.services.flows.recoverAbandoned()).toBe(0);
    clearHooks(t);
    wake();
    expect((await abandoned).statusCode).toBe(500);
    expect(await orderWorld(t, buyer.userId, [RICE, DAL])).toEqual(before);
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

describe("runs stored by earlier versions, which wrote the order before the provider's order", () => {
  /**
   * What an earlier version's reserve step left when its process died during the provider's call:
   * the order (no payment yet) with its lines, the stock taken, and the run's record, its lease run
   * out. Made here by copying the rows of an order placed now.
   */
  async function leftByAnEarlierVersion(undo: (orderId: string, lines: StockLine[]) => UndoRecord[]) {
    const db = t.ctx.database.db;
    const template = await placed(buyer, await body([[DAL, 1]]));
    const [row] = await db.select().from(orders).where(eq(orders.id, template.id));
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, template.id));
    const orderId = newId();
    const lines: StockLine[] = [{ vrntId: DAL, quantity: 2, alwaysInventory: false }];
    await db.insert(orders).values({
      ...row!,
      id: orderId,
      paymentId: null,
      payment: null,
      invoiceNo: null,
      requestKey: freshKey(),
    });
    await db.insert(orderItems).values(items.map((i) => ({ ...i, id: newId(), orderId, quantity: 2 })));
    await db
      .insert(orderStateLog)
      .values({ id: newId(), orderId, state: 'awaiting_payment', note: null, at: t.clock.now() });
    expect(await stock.take(db, lines)).toBeNull();
    await db.insert(flowRuns).values({
      id: newId(),
      flow: 'orders.place',
      undo: undo(orderId, lines),
      pivoted: false,
      leaseUntil: new Date(t.clock.now().getTime() - 1000),
      createdAt: t.clock.now(),
    });
    return { templateId: template.id, orderId };
  }

  it.each([
    [
      'with the stock taken in its reserve step',
      (orderId: string, lines: StockLine[]) => [{ step: 'orders.place.reserve', data: { orderId, lines } }],
    ],
    [
      'with the stock taken in a step of its own (before 2026-11-25)',
      (orderId: string, lines: StockLine[]) => [
        { step: 'orders.place.reserve', data: { orderId } },
        { step: 'orders.place.take-stock', data: { lines } },
      ],
    ],
  ])('is still undone %s: the order deleted, the stock given back once', async (_, undo) => {
    await setStock(t, DAL, 5);
    const world = () => orderWorld(t, buyer.userId, [DAL]);
    const before = await world();
    const { templateId, orderId } = await leftByAnEarlierVersion(undo);
    // The template took one unit, the earlier version's order two.
    expect((await variant(t, DAL)).inventory).toBe(2);
    expect(await t.app.services.flows.recoverAbandoned()).toBe(1);
    const after = await world();
    expect(after.stock).toEqual({ [DAL]: 4 });
    expect(after.flowRuns).toBe(0);
    // The earlier version's order is gone; the template, placed whole, stays.
    expect(after.orders.map((o) => o.id)).not.toContain(orderId);
    expect(after.orders.map((o) => o.id)).toEqual([...before.orders.map((o) => o.id), templateId].sort());
  });
});

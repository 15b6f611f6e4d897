import type { Order, OrderList, OrderQuote } from '@petti/shared/schemas/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { MIN, type Shopper, shopper, until } from '../../test/locker-helpers.ts';
import {
  addAddress,
  freshKey,
  getOrder,
  line,
  ops,
  opsStep,
  placed,
  placeOrder,
  setStock,
  variant,
} from '../../test/order-helpers.ts';
import { buyPlan } from '../../test/payment-helpers.ts';
import { bookings } from '../bookings/schema.ts';
import { productVariants } from '../catalog/schema.ts';
import { notifications } from '../notifications/schema.ts';
import { payments } from '../payments/schema.ts';
import { orders } from './schema.ts';

const SHOP = 'sri-murugan-stores'; // 9.4541, 77.7978, range 5 km, every mode
const NEAR = { lat: 9.456, lng: 77.8 };
const RICE = 'murugan-ponni-raw-rice-10kg'; // ₹640, plenty in stock
const DAL = 'murugan-chana-dal-1kg'; // ₹95, 3 in stock
const TAMARIND = 'murugan-tamarind-250g'; // out of stock
const MATCHES = 'murugan-safety-matches-1pack'; // hazardous
const CAKE = 'iyyappa-black-forest-cake-500g'; // always in stock

let t: TestApp;
let buyer: Shopper;
let home: string;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await shopper(t);
  home = await addAddress(t, buyer.userId, NEAR);
});
afterAll(async () => {
  await buyer?.stop();
  await t?.close();
});

/**
 * A list read page after page by its cursor (`read` gets `&after=…`, empty for the first page): every
 * order's id in the order given, and the first page's count. A page read with a cursor counts nothing.
 */
async function byCursor(
  read: (after: string) => Promise<{ statusCode: number; body: string; json(): unknown }>,
) {
  const ids: string[] = [];
  let total: number | null = null;
  let cursor: string | null = null;
  for (let n = 0; n < 100; n++) {
    const res = await read(cursor ? `&after=${cursor}` : '');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as OrderList;
    ids.push(...body.items.map((o) => o.id));
    if (cursor) expect(body.total).toBeNull();
    else total = body.total;
    expect(body.hasMore).toBe(body.nextCursor !== null);
    cursor = body.nextCursor;
    if (!cursor) return { ids, total };
  }
  throw new Error('the list did not end within 100 pages');
}

const homeOrder = async (items: Array<Awaited<ReturnType<typeof line>>>) => ({
  sellerId: SHOP,
  items,
  deliveryType: 'home',
  addressId: home,
});

describe('the price before paying', () => {
  it('itemises items, delivery by distance, packaging and the GST inside, with no cash on delivery', async () => {
    const res = await buyer.call('POST', '/api/orders/quote', await homeOrder([await line(t, RICE, 2)]));
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json() as OrderQuote;
    const v = await variant(t, RICE);
    expect(q.price.itemsPaise).toBe(v.pricePaise * 2);
    expect(q.price.savingsPaise).toBe((v.mrpPaise - v.pricePaise) * 2);
    expect(q.price.deliveryKm).toBeGreaterThanOrEqual(1);
    expect(q.price.deliveryFeePaise).toBe(2000 + 600 * q.price.deliveryKm);
    expect(q.price.smallCartFeePaise).toBe(0);
    expect(q.price.packagingFeePaise).toBe(500);
    expect(q.price.totalPaise).toBe(
      q.price.itemsPaise + q.price.deliveryFeePaise + q.price.smallCartFeePaise + q.price.packagingFeePaise,
    );
    expect(q.price.taxPaise).toBe(q.price.itemsTaxPaise + q.price.feesTaxPaise);
    expect(q.price.itemsTaxPaise).toBeGreaterThan(0);
    expect(q.paymentMethods).not.toContain('cod');
  });

  it('adds the small-cart fee under the threshold and charges no delivery for curbside', async () => {
    const res = await buyer.call('POST', '/api/orders/quote', {
      sellerId: SHOP,
      items: [await line(t, MATCHES, 1)],
      deliveryType: 'curbside',
    });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json() as OrderQuote;
    expect(q.price.deliveryFeePaise).toBe(0);
    expect(q.price.smallCartFeePaise).toBe(1500);
    expect(q.price.totalPaise).toBe(2000 + 1500 + 500);
  });

  it('waives delivery with an active Delivery Pass over its threshold, and gives the delivery back on cancel', async () => {
    const member = await shopper(t);
    const addr = await addAddress(t, member.userId, NEAR);
    const sub = await buyPlan(t, member.tokens.accessToken, 'delivery-pass');
    expect((await member.pay(sub.payment)).statusCode).toBe(200);
    const body = { sellerId: SHOP, items: [await line(t, RICE, 1)], deliveryType: 'home', addressId: addr };
    const q = (await member.call('POST', '/api/orders/quote', body)).json() as OrderQuote;
    expect(q.price.deliveryWaived).toBe(true);
    expect(q.price.deliveryFeePaise).toBe(0);
    expect(q.price.deliveryFeeBeforeWaiverPaise).toBeGreaterThan(0);

    // The order counts one of the pass's deliveries; cancelled before it went out, it counts none.
    const deliveriesUsed = async () =>
      (
        (await member.call('GET', '/api/subscriptions')).json().subscriptions as Array<{
          planId: string;
          deliveriesUsed: number;
        }>
      ).find((s) => s.planId === 'delivery-pass')?.deliveriesUsed;
    const order = await placed(member, body);
    expect(await deliveriesUsed()).toBe(1);
    expect((await member.call('POST', `/api/orders/${order.id}/cancel`, {})).statusCode).toBe(200);
    expect(await deliveriesUsed()).toBe(0);
    await member.stop();
  });
});

describe('placing an order', () => {
  it('takes the stock, holds it for payment and answers the payment; the same key answers the same order', async () => {
    const before = (await variant(t, RICE)).inventory;
    const key = freshKey();
    const body = await homeOrder([await line(t, RICE, 2)]);
    const first = await placeOrder(buyer, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json() as Order;
    expect(order.state).toBe('awaiting_payment');
    expect(order.payment).toMatchObject({
      amount: order.price.totalPaise,
      currency: 'INR',
      provider: 'testpay',
    });
    expect(order.holdExpiresAt).toBe(new Date(t.clock.now().getTime() + 10 * MIN).toISOString());
    expect((await variant(t, RICE)).inventory).toBe(before - 2);
    // Each line shows the product's picture, as the catalogue does (reorder's prdtImg).
    const shown = (
      await t.app.inject({ method: 'GET', url: `/api/products/${order.items[0]!.productId}` })
    ).json();
    expect(order.items[0]!.image).toMatch(/^\/art\//);
    expect(order.items[0]!.image).toBe((shown.product ?? shown).image_url);

    const again = await placeOrder(buyer, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: order.id, payment: { id: order.payment!.id } });
    expect((await variant(t, RICE)).inventory).toBe(before - 2);

    const other = await placeOrder(buyer, await homeOrder([await line(t, RICE, 1)]), key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('IdempotencyKeyReused');

    const noKey = await buyer.call('POST', '/api/orders', body);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.code).toBe('IdempotencyKeyRequired');
    await buyer.heard('orderCreated');
  });

  it('makes one order and one payment when retries of one key arrive at once', async () => {
    const before = (await variant(t, RICE)).inventory;
    const key = freshKey();
    const body = await homeOrder([await line(t, RICE, 1)]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => placeOrder(buyer, body, key)));
    for (const a of answers) expect([200, 201], a.body).toContain(a.statusCode);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const ids = new Set(answers.map((a) => (a.json() as Order).id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const rows = await t.ctx.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.purpose, 'order'), eq(payments.subjectId, id!)));
    expect(rows).toHaveLength(1);
    expect((await variant(t, RICE)).inventory).toBe(before - 1);

    // For the last unit too: the twins find the first order, not an out-of-stock error.
    const LAST = 'murugan-cardamom-25g';
    await setStock(t, LAST, 1);
    const lastKey = freshKey();
    const lastBody = await homeOrder([await line(t, LAST, 1)]);
    const lastAnswers = await Promise.all(
      Array.from({ length: 6 }, () => placeOrder(buyer, lastBody, lastKey)),
    );
    for (const a of lastAnswers) expect([200, 201], a.body).toContain(a.statusCode);
    expect(new Set(lastAnswers.map((a) => (a.json() as Order).id)).size).toBe(1);
    expect((await variant(t, LAST)).inventory).toBe(0);
    // And a retry long after, the stock gone and the price changed since: the same order again.
    const price = (await variant(t, LAST)).pricePaise;
    await t.ctx.database.db
      .update(productVariants)
      .set({ pricePaise: price + 1_000 })
      .where(eq(productVariants.id, LAST));
    const late = await placeOrder(buyer, lastBody, lastKey);
    await t.ctx.database.db
      .update(productVariants)
      .set({ pricePaise: price })
      .where(eq(productVariants.id, LAST));
    expect(late.statusCode, late.body).toBe(200);
    expect((late.json() as Order).id).toBe((lastAnswers[0]!.json() as Order).id);
  });

  it('lists BAD lines with their messages and takes nothing', async () => {
    const before = (await variant(t, RICE)).inventory;
    await setStock(t, TAMARIND, 0);
    const res = await placeOrder(
      buyer,
      await homeOrder([await line(t, RICE, 1), await line(t, TAMARIND, 1)]),
    );
    expect(res.statusCode, res.body).toBe(422);
    const err = res.json().error;
    expect(err.code).toBe('cartItemsError');
    expect(err.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ vrntId: TAMARIND, status: 'BAD' }),
        expect.objectContaining({ vrntId: RICE, status: 'OK' }),
      ]),
    );
    expect((await variant(t, RICE)).inventory).toBe(before);
  });

  it('refuses a changed price with PaymentUpdatedException', async () => {
    const l = await line(t, RICE, 1);
    const res = await placeOrder(buyer, await homeOrder([{ ...l, productPrice: l.productPrice - 10 }]));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('PaymentUpdatedException');
  });

  it('refuses destinations out of range, hazardous goods to a locker and sites that take no parcels', async () => {
    const far = await addAddress(t, buyer.userId, { lat: 9.42, lng: 77.762 });
    const home1 = await placeOrder(buyer, {
      sellerId: SHOP,
      items: [await line(t, RICE, 1)],
      deliveryType: 'home',
      addressId: far,
    });
    expect(home1.statusCode, home1.body).toBe(422);
    expect(home1.json().error.code).toBe('AddressLongDistance');

    // Gokulam Dairy delivers 3 km; the railway station is further by road.
    const locker1 = await placeOrder(buyer, {
      sellerId: 'gokulam-dairy',
      items: [await line(t, 'gokulam-aavin-toned-milk-500ml', 1)],
      deliveryType: 'locker',
      siteId: 'railway-station',
    });
    expect(locker1.statusCode, locker1.body).toBe(422);
    expect(locker1.json().error.code).toBe('LockerLongDistance');

    const hazardous = await placeOrder(buyer, {
      sellerId: SHOP,
      items: [await line(t, MATCHES, 1)],
      deliveryType: 'locker',
      siteId: 'bus-stand',
    });
    expect(hazardous.statusCode).toBe(422);
    expect(hazardous.json().error.code).toBe('HazardousNotToLocker');

    const noParcels = await placeOrder(buyer, {
      sellerId: SHOP,
      items: [await line(t, RICE, 1)],
      deliveryType: 'locker',
      siteId: 'sattur-road',
    });
    expect(noParcels.statusCode).toBe(422);
    expect(noParcels.json().error.code).toBe('SiteNotAcceptingParcels');

    const noVehicle = await placeOrder(buyer, {
      sellerId: SHOP,
      items: [await line(t, RICE, 1)],
      deliveryType: 'curbside',
    });
    expect(noVehicle.statusCode).toBe(400);
  });

  it('never takes stock below zero, and an always-in-stock product takes none', async () => {
    await setStock(t, DAL, 3);
    const tooMany = await placeOrder(buyer, await homeOrder([await line(t, DAL, 4)]));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.code).toBe('cartItemsError');
    expect((await variant(t, DAL)).inventory).toBe(3);

    const cakeBefore = (await variant(t, CAKE)).inventory;
    const bakery = await placeOrder(buyer, {
      sellerId: 'iyyappa-bakery',
      items: [await line(t, CAKE, 2)],
      deliveryType: 'home',
      addressId: home,
    });
    expect(bakery.statusCode, bakery.body).toBe(201);
    expect((await variant(t, CAKE)).inventory).toBe(cakeBefore);
  });

  it('never oversells when many buyers race for the last units', async () => {
    const UNITS = 3;
    const BUYERS = 8;
    await setStock(t, DAL, UNITS);
    const racers = await Promise.all(
      Array.from({ length: BUYERS }, async () => {
        const who = await shopper(t);
        return { who, addressId: await addAddress(t, who.userId, NEAR) };
      }),
    );
    const l = await line(t, DAL, 1);
    const answers = await Promise.all(
      racers.map(({ who, addressId }) =>
        placeOrder(who, { sellerId: SHOP, items: [l], deliveryType: 'home', addressId }),
      ),
    );
    const won = answers.filter((a) => a.statusCode === 201);
    expect(won).toHaveLength(UNITS);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode, a.body).toBe(422);
      expect(a.json().error.code).toBe('cartItemsError');
    }
    expect((await variant(t, DAL)).inventory).toBe(0);
    for (const r of racers) await r.who.stop();
  });

  it('an unpaid order times out after 10 minutes, gives its stock back and says so; a late payment is refunded', async () => {
    // A variant no other test orders, so other unpaid orders timing out meanwhile do not count.
    const IDLI = 'murugan-idli-rice-5kg';
    const before = (await variant(t, IDLI)).inventory;
    const res = await placeOrder(buyer, await homeOrder([await line(t, IDLI, 3)]));
    const order = res.json() as Order;
    expect((await variant(t, IDLI)).inventory).toBe(before - 3);
    t.clock.advance(9 * MIN);
    await t.app.services.jobs.runDueJobs();
    expect((await getOrder(buyer, order.id)).state).toBe('awaiting_payment');
    t.clock.advance(1 * MIN + 1000);
    await t.app.services.jobs.runDueJobs();
    const after = await getOrder(buyer, order.id);
    expect(after.state).toBe('timed_out');
    expect((await variant(t, IDLI)).inventory).toBe(before);
    const ev = await until(() => {
      const found = buyer.events.find((e) => e.event === 'orderTimedOut' && e.data.id === order.id);
      expect(found).toBeDefined();
      return found!;
    });
    expect(ev.data).toMatchObject({ id: order.id, code: 'timed_out' });
    expect(ev.data.message).toMatch(/10 minutes/);

    const late = await buyer.pay(order.payment!);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('PaymentNotGranted');
    expect((await getOrder(buyer, order.id)).state).toBe('timed_out');
  });
});

describe('after payment', () => {
  it('home delivery: placed → accepted → packed → out for delivery → delivered, each told and kept', async () => {
    const order = await placed(buyer, await homeOrder([await line(t, RICE, 1)]));
    expect(order.timeline.map((s) => s.state)).toEqual(['awaiting_payment', 'placed']);
    expect((await ops(t, order.id, 'accept', 'wrong-token-wrong-token')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/ops/orders/${order.id}/accept`, payload: {} }))
        .statusCode,
    ).toBe(401);
    for (const a of ['accept', 'pack', 'dispatch', 'deliver']) await opsStep(t, order.id, a);
    const done = await getOrder(buyer, order.id);
    expect(done.state).toBe('delivered');
    expect(done.timeline.map((s) => s.state)).toEqual([
      'awaiting_payment',
      'placed',
      'accepted',
      'packed',
      'out_for_delivery',
      'delivered',
    ]);
    await buyer.heard('orderDelivered');
    for (const e of [
      'orderPlaced',
      'orderAccepted',
      'orderPacked',
      'orderOutForDelivery',
      'orderDelivered',
    ]) {
      const heard = buyer.events.filter((x) => x.event === e && x.data.id === order.id);
      expect(heard, e).toHaveLength(1);
      expect(heard[0]!.data.message).toBeTruthy();
      expect(heard[0]!.data.msg).toMatch(/[\u0B80-\u0BFF]/);
    }
    const kept = await t.ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, buyer.userId));
    expect(
      kept.filter((n) => (n.data as { orderId?: string }).orderId === order.id).map((n) => n.kind),
    ).toEqual(
      expect.arrayContaining([
        'orderPlaced',
        'orderAccepted',
        'orderPacked',
        'orderOutForDelivery',
        'orderDelivered',
      ]),
    );
    // A locker step makes no sense for a home delivery.
    expect((await ops(t, order.id, 'drop-in-locker')).statusCode).toBe(409);
  });

  it('cancel before packing refunds in full and gives the stock back; after packing it is refused', async () => {
    const before = (await variant(t, RICE)).inventory;
    const order = await placed(buyer, await homeOrder([await line(t, RICE, 2)]));
    await opsStep(t, order.id, 'accept');
    const res = await buyer.call('POST', `/api/orders/${order.id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().state).toBe('cancelled');
    expect((await variant(t, RICE)).inventory).toBe(before);
    await until(async () => {
      await t.app.services.jobs.runDueJobs();
      const o = await getOrder(buyer, order.id);
      expect(o.paymentStatus).toBe('refunded');
      expect(o.refundedPaise).toBe(o.price.totalPaise);
    });
    await buyer.heard('orderCancelled');

    const packed = await placed(buyer, await homeOrder([await line(t, RICE, 1)]));
    await opsStep(t, packed.id, 'accept');
    await opsStep(t, packed.id, 'pack');
    const late = await buyer.call('POST', `/api/orders/${packed.id}/cancel`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('OrderNotCancellable');
  });

  it('parcel locker: dropped in a held locker with a pickup PIN the keypad takes; opening it collects the order', async () => {
    const order = await placed(buyer, {
      sellerId: SHOP,
      items: [await line(t, RICE, 1)],
      deliveryType: 'locker',
      siteId: 'bus-stand',
    });
    expect(order.site?.id).toBe('bus-stand');
    await opsStep(t, order.id, 'accept');
    await opsStep(t, order.id, 'pack');
    const dropped = await opsStep(t, order.id, 'drop-in-locker');
    expect(dropped.state).toBe('in_locker');
    const mine = await getOrder(buyer, order.id);
    expect(mine.pickup?.pin).toMatch(/^\d{6}$/);
    expect(mine.pickup?.size).toBe('S');
    // The parcel's locker hold is the order's business: it is not one of the buyer's locker bookings.
    const recent = (await buyer.call('GET', '/api/bookings?period=recent')).json().data as Array<{
      id: string;
    }>;
    const [hold] = await t.ctx.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.requestKey, `order:${order.id}`));
    expect(hold?.state).toBe('reserved');
    expect(recent.map((b) => b.id)).not.toContain(hold?.id);
    expect(new Date(mine.pickup!.expiresAt).getTime() - t.clock.now().getTime()).toBeGreaterThanOrEqual(
      48 * 60 * MIN - 1000,
    );
    await buyer.heard('orderInLocker');
    const [parcel] = await t.ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    const [held] = await t.ctx.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, parcel!.parcelBookingId!));
    expect(held).toMatchObject({ state: 'reserved', siteId: 'bus-stand' });

    // The buyer types the PIN at the site's keypad; the controller opens the door and reports it.
    const devices = t.app.services.lockerDevices;
    const result = await devices.keypad('bus-stand', {
      pin: mine.pickup!.pin!,
      requestId: `parcel-${order.id}`,
      at: t.clock.now().toISOString(),
    } as never);
    expect(result).toMatchObject({ ok: true, lockerId: held!.lockerId });
    await devices.handleMessage(
      'lockers/bus-stand/state',
      Buffer.from(
        JSON.stringify({
          type: 'door',
          lockerId: held!.lockerId,
          state: 'open',
          at: t.clock.now().toISOString(),
        }),
      ),
    );
    await t.app.services.jobs.runDueJobs();
    const collected = await getOrder(buyer, order.id);
    expect(collected.state).toBe('collected');
    expect(collected.pickup?.pin).toBeNull();
    const [ended] = await t.ctx.database.db.select().from(bookings).where(eq(bookings.id, held!.id));
    expect(ended!.state).toBe('ended');
    await buyer.heard('orderCollected');
  });

  it('parcel locker: not collected in 48 h, the locker is freed and the buyer is told', async () => {
    const order = await placed(buyer, {
      sellerId: SHOP,
      items: [await line(t, RICE, 1)],
      deliveryType: 'locker',
      siteId: 'railway-station',
    });
    for (const a of ['accept', 'pack', 'drop-in-locker']) await opsStep(t, order.id, a);
    const [row] = await t.ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    t.clock.advance(48 * 60 * MIN - MIN);
    await t.app.services.jobs.runDueJobs();
    expect(buyer.events.some((e) => e.event === 'orderPickupExpired' && e.data.id === order.id)).toBe(false);
    t.clock.advance(2 * MIN);
    await t.app.services.jobs.runDueJobs();
    const [freed] = await t.ctx.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, row!.parcelBookingId!));
    expect(freed).toMatchObject({ state: 'ended', pin: null });
    await until(() =>
      expect(buyer.events.some((e) => e.event === 'orderPickupExpired' && e.data.id === order.id)).toBe(true),
    );
    const after = await getOrder(buyer, order.id);
    expect(after.pickup?.pin).toBeNull();
    expect(after.timeline.at(-1)).toMatchObject({ state: 'in_locker', note: 'pickup_expired' });
  });

  it('curbside: vehicle, "On my way", ready, "I\'m here" with a bay, handed over', async () => {
    const order = await placed(buyer, {
      sellerId: SHOP,
      items: [await line(t, MATCHES, 2)],
      deliveryType: 'curbside',
      vehicleNo: 'tn 67 ab 1234',
      alternatePickup: { name: 'Selvi', phone: '9876501234' },
    });
    expect(order).toMatchObject({
      vehicleNo: 'TN67AB1234',
      alternatePickup: { name: 'Selvi', phone: '919876501234' },
      // Where to drive to, in words.
      seller: { address: '112 Main Bazaar, Sivakasi 626123' },
    });
    await opsStep(t, order.id, 'accept');
    const early = await buyer.call('POST', `/api/orders/${order.id}/arrived`, { bay: '2' });
    expect(early.statusCode).toBe(409);
    const omw = await buyer.call('POST', `/api/orders/${order.id}/on-my-way`, {});
    expect(omw.statusCode, omw.body).toBe(200);
    expect(omw.json().checkin.onMyWayAt).toBeTruthy();
    await opsStep(t, order.id, 'pack');
    await opsStep(t, order.id, 'ready-for-pickup');
    const here = await buyer.call('POST', `/api/orders/${order.id}/arrived`, {
      bay: '2',
      landmark: 'Near the tea stall',
    });
    expect(here.statusCode, here.body).toBe(200);
    expect(here.json()).toMatchObject({
      state: 'arrived',
      checkin: { bay: '2', landmark: 'Near the tea stall' },
    });
    const done = await opsStep(t, order.id, 'hand-over');
    expect(done.state).toBe('handed_over');
    await buyer.heard('orderHandedOver');
    await buyer.heard('orderOnMyWay');
  });

  it("keeps another user's orders invisible and lists mine newest first, paged", async () => {
    t.clock.advance(1000);
    const mineRes = await placeOrder(buyer, await homeOrder([await line(t, RICE, 1)]));
    const mine = mineRes.json() as Order;
    const stranger = await shopper(t);
    expect((await stranger.call('GET', `/api/orders/${mine.id}`)).statusCode).toBe(404);
    expect((await stranger.call('POST', `/api/orders/${mine.id}/cancel`, {})).statusCode).toBe(404);
    expect((await stranger.call('GET', '/api/orders')).json().total).toBe(0);
    // Someone else's order as a cursor is no place in my list.
    const strangers = (await stranger.call('GET', `/api/orders?after=${mine.id}`)).json();
    expect(strangers.items).toEqual([]);
    await stranger.stop();

    const page = (await buyer.call('GET', '/api/orders?page=1&pageSize=2')).json();
    expect(page.items).toHaveLength(2);
    expect(page.items[0].id).toBe(mine.id);
    expect(page.hasMore).toBe(true);
    expect(page.items[0].createdAt >= page.items[1].createdAt).toBe(true);
    expect(page.total).toBeGreaterThan(2);

    // Page after page by cursor: the same orders, in the same order, none twice, none missed.
    const all = (await buyer.call('GET', '/api/orders?pageSize=50')).json();
    const { ids } = await byCursor((after) => buyer.call('GET', `/api/orders?pageSize=2${after}`));
    expect(ids).toEqual(all.items.map((o: Order) => o.id));
    expect(all.nextCursor).toBeNull();

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/ops/orders?sellerId=${SHOP}&state=delivered,cancelled`,
      headers: { 'x-ops-token': t.ctx.config.OPS_TOKEN },
    });
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().items as Order[];
    expect(listed.map((o) => o.state)).toEqual(expect.arrayContaining(['delivered', 'cancelled']));
    expect(listed.every((o) => o.sellerId === SHOP && ['delivered', 'cancelled'].includes(o.state))).toBe(
      true,
    );

    // The shop's list pages by cursor too, with and without a state: every order once, newest first.
    const ops = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'x-ops-token': t.ctx.config.OPS_TOKEN } });
    for (const state of ['', '&state=delivered,cancelled']) {
      const whole = (await ops(`/api/ops/orders?sellerId=${SHOP}&pageSize=200${state}`)).json();
      expect(whole.items.length).toBeGreaterThan(2);
      const { ids, total } = await byCursor((after) =>
        ops(`/api/ops/orders?sellerId=${SHOP}&pageSize=2${state}${after}`),
      );
      expect(total).toBe(whole.items.length);
      expect(ids).toEqual(whole.items.map((o: Order) => o.id));
    }
  });
});

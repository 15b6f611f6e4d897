import type { ComplexOrder, Listing, Photo } from '@petti/shared/schemas/complex';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GREEN_PARK, ops, quickResidents, resident, SAKTHI } from '../../test/complex-helpers.ts';
import { expectUnchanged, moneySnapshot } from '../../test/flow-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { advance, HOUR, heartbeatAll, MIN, type Shopper, shopper } from '../../test/locker-helpers.ts';
import { deliverWebhooks } from '../../test/payment-helpers.ts';
import { bookings } from '../bookings/schema.ts';
import { payments } from '../payments/schema.ts';
import { complexListings, complexOrders } from './schema.ts';

const SITE = 'sakthi-residency-lockers';
const BUY_STEPS = [
  'complexMarket.buy.reserve',
  'payments.open-provider-order',
  'complexMarket.buy.record-payment',
];

let t: TestApp;
let seller: Shopper;
let buyer: Shopper;
let neighbourElsewhere: Shopper;
let outsider: Shopper;
const stops: Shopper[] = [];

beforeAll(async () => {
  // Fifty residents sign up from one address in the race below.
  t = await buildTestApp({ env: { AUTH_IP_CODES_PER_HOUR: '500' } });
  seller = await resident(t, SAKTHI, 'B', 'B-7');
  buyer = await resident(t, SAKTHI, 'D', 'D-2');
  neighbourElsewhere = await resident(t, GREEN_PARK, 'A', 'A-9');
  outsider = await shopper(t);
  stops.push(seller, buyer, neighbourElsewhere, outsider);
});
afterEach(() => t.app.services.flows.setHooks({}));
afterAll(async () => {
  for (const s of stops) await s.stop();
  await t?.close();
});

const jpeg = (width = 1600, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

async function upload(who: Shopper, body: Buffer, type = 'image/jpeg') {
  return t.app.inject({
    method: 'POST',
    url: '/api/complex/photos',
    headers: { ...who.headers, 'content-type': type },
    payload: body,
  });
}

const item = (over: Record<string, unknown> = {}) => ({
  title: 'Steel tiffin box, 3 tier',
  description: 'Barely used. Collect from B-7.',
  categoryId: 'household',
  pricePaise: 35000,
  quantity: 1,
  condition: 'used',
  handover: ['in_person', 'complex_locker'],
  hazardous: false,
  photoIds: [],
  ...over,
});

async function list(who: Shopper, over: Record<string, unknown> = {}): Promise<Listing> {
  const res = await who.call('POST', '/api/complex/listings', item(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function buy(who: Shopper, listingId: string, handover = 'in_person', quantity = 1) {
  return who.call('POST', '/api/complex/orders', { listingId, quantity, handover });
}

async function bought(
  who: Shopper,
  listingId: string,
  handover = 'in_person',
  quantity = 1,
): Promise<ComplexOrder> {
  const res = await buy(who, listingId, handover, quantity);
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json() as ComplexOrder;
  const paid = await who.pay(order.payment!);
  expect(paid.statusCode, paid.body).toBe(200);
  return orderOf(who, order.id);
}

async function orderOf(who: Shopper, id: string): Promise<ComplexOrder> {
  const res = await who.call('GET', `/api/complex/orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const quantityOf = async (id: string) =>
  (await t.ctx.database.db.select().from(complexListings).where(eq(complexListings.id, id)))[0]!.quantity;

/** Types a PIN at the site's keypad and opens the door, as the controller reports it. */
async function openWithPin(pin: string) {
  await heartbeatAll(t);
  const devices = t.app.services.lockerDevices;
  const result = (await devices.keypad(SITE, {
    pin,
    requestId: `k-${pin}-${Date.now()}`,
    at: t.clock.now().toISOString(),
  } as never)) as { ok: boolean; lockerId?: string };
  expect(result.ok, JSON.stringify(result)).toBe(true);
  for (const state of ['open', 'closed']) {
    await devices.handleMessage(
      `lockers/${SITE}/state`,
      Buffer.from(
        JSON.stringify({ type: 'door', lockerId: result.lockerId, state, at: t.clock.now().toISOString() }),
      ),
    );
  }
  await t.app.services.jobs.runDueJobs();
}

describe('members only', () => {
  it('refuses a non-member and another complex’s member on every route', async () => {
    const mine = await list(seller);
    const photo = await jpeg(200, 200);
    const routes: Array<[string, 'GET' | 'POST' | 'PATCH', string, object?]> = [
      ['list', 'GET', '/api/complex/listings'],
      ['search', 'GET', '/api/complex/listings?q=tiffin'],
      ['one', 'GET', `/api/complex/listings/${mine.id}`],
      ['create', 'POST', '/api/complex/listings', item()],
      ['edit', 'PATCH', `/api/complex/listings/${mine.id}`, { pricePaise: 100 }],
      ['report', 'POST', `/api/complex/listings/${mine.id}/report`, { reason: 'Looks broken' }],
      ['mine', 'GET', '/api/complex/my-listings'],
      ['buy', 'POST', '/api/complex/orders', { listingId: mine.id, quantity: 1, handover: 'in_person' }],
    ];
    for (const [name, method, url, body] of routes) {
      const res = await outsider.call(method, url, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
      expect(res.json().error.code, name).toBe('NotComplexMember');
    }
    expect((await upload(outsider, photo)).statusCode).toBe(403);
    // A member of another complex: this complex's listing does not exist for them.
    for (const [name, method, url, body] of routes.filter(([n]) =>
      ['one', 'edit', 'report', 'buy'].includes(n),
    )) {
      const res = await neighbourElsewhere.call(method, url, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(404);
    }
    const theirs = (await neighbourElsewhere.call('GET', '/api/complex/listings?q=tiffin')).json()
      .listings as Listing[];
    expect(theirs.map((l) => l.id)).not.toContain(mine.id);
    expect(theirs.every((l) => l.complexId === GREEN_PARK)).toBe(true);
    // Signed out: nothing.
    expect((await t.app.inject({ method: 'GET', url: '/api/complex/listings' })).statusCode).toBe(401);
    // An order is its two sides' only.
    const order = (await buy(buyer, mine.id)).json() as ComplexOrder;
    expect((await outsider.call('GET', `/api/complex/orders/${order.id}`)).statusCode).toBe(404);
    expect(
      (await neighbourElsewhere.call('POST', `/api/complex/orders/${order.id}/received`)).statusCode,
    ).toBe(404);
  });
});

describe('listings', () => {
  it('with a photo: resized to three WebP widths, served by URL; searched case-insensitively', async () => {
    const up = await upload(seller, await jpeg());
    expect(up.statusCode, up.body).toBe(201);
    const photo = up.json() as Photo;
    const listing = await list(seller, {
      title: 'Brass Kuthu Vilakku lamp',
      photoIds: [photo.id],
      handover: ['in_person'],
    });
    expect(listing).toMatchObject({
      mine: true,
      sellerFlat: 'B-7',
      status: 'active',
      photos: [{ id: photo.id }],
    });
    for (const [size, width] of [
      ['thumb', 160],
      ['medium', 480],
      ['large', 1080],
    ] as const) {
      const img = await t.app.inject({ method: 'GET', url: listing.photos[0]!.urls[size] });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      const meta = await sharp(img.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
    }
    const found = (await buyer.call('GET', '/api/complex/listings?q=KUTHU%20vilakku')).json()
      .listings as Listing[];
    expect(found.map((l) => l.id)).toContain(listing.id);
    expect(found.find((l) => l.id === listing.id)).toMatchObject({ mine: false, sellerFlat: 'B-7' });
    const byCategory = (await buyer.call('GET', '/api/complex/listings?categoryId=household')).json()
      .listings;
    expect(byCategory.map((l: Listing) => l.id)).toContain(listing.id);
    expect(
      (await buyer.call('GET', '/api/complex/listings?categoryId=dairy'))
        .json()
        .listings.map((l: Listing) => l.id),
    ).not.toContain(listing.id);
  });

  it('refuses bad input by field and saves nothing', async () => {
    const before = (await seller.call('GET', '/api/complex/my-listings')).json().listings.length;
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ title: '  ' }, 'body.title'],
      [{ pricePaise: -500 }, 'body.pricePaise'],
      [{ pricePaise: 99_000_000_00 }, 'body.pricePaise'],
      [{ quantity: 0 }, 'body.quantity'],
      [{ handover: [] }, 'body.handover'],
      [{ hazardous: true, handover: ['complex_locker'] }, 'body.handover'],
      [{ photoIds: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'body.photoIds'],
      [{ categoryId: 'no-such-category' }, 'body.categoryId'],
      [{ photoIds: ['0123456789abcdef0123456789abcdef'] }, 'body.photoIds'],
    ];
    for (const [over, field] of bad) {
      const res = await seller.call('POST', '/api/complex/listings', item(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().error.field, JSON.stringify(over)).toBe(field);
    }
    // Someone else's photo cannot be put on my listing.
    const theirs = (await upload(buyer, await jpeg(300, 300))).json() as Photo;
    const stolen = await seller.call('POST', '/api/complex/listings', item({ photoIds: [theirs.id] }));
    expect(stolen.json().error.field).toBe('body.photoIds');
    // Not an image, and too large.
    const pdf = await upload(seller, Buffer.from('%PDF-1.4 not a picture'), 'application/pdf');
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().error.code).toBe('PhotoInvalid');
    const text = await upload(seller, Buffer.from('just text pretending'), 'image/jpeg');
    expect(text.json().error.code).toBe('PhotoInvalid');
    const huge = await upload(seller, Buffer.alloc(9 * 1024 * 1024, 1));
    expect(huge.statusCode).toBe(413);
    expect((await seller.call('GET', '/api/complex/my-listings')).json().listings.length).toBe(before);
  });

  it('the seller edits, pauses, marks sold out and delists; a reported listing can be hidden by the admin', async () => {
    const l = await list(seller, { title: 'Carrom board', handover: ['in_person'] });
    const inList = async () =>
      ((await buyer.call('GET', '/api/complex/listings?q=carrom')).json().listings as Listing[]).map(
        (x) => x.id,
      );
    const edited = await seller.call('PATCH', `/api/complex/listings/${l.id}`, {
      pricePaise: 90000,
      title: 'Carrom board with coins',
    });
    expect(edited.json()).toMatchObject({ pricePaise: 90000, title: 'Carrom board with coins' });
    expect(
      (await buyer.call('PATCH', `/api/complex/listings/${l.id}`, { pricePaise: 15000 })).statusCode,
    ).toBe(403);
    await seller.call('PATCH', `/api/complex/listings/${l.id}`, { status: 'paused' });
    expect(await inList()).not.toContain(l.id);
    expect((await buy(buyer, l.id)).json().error.code).toBe('ListingUnavailable');
    await seller.call('PATCH', `/api/complex/listings/${l.id}`, { status: 'active' });
    expect(await inList()).toContain(l.id);

    const report = await buyer.call('POST', `/api/complex/listings/${l.id}/report`, {
      reason: 'Coins missing in photo',
    });
    expect(report.statusCode).toBe(204);
    expect(
      (await seller.call('POST', `/api/complex/listings/${l.id}/report`, { reason: 'my own' })).statusCode,
    ).toBe(403);
    const hidden = await ops(t, 'POST', `/api/ops/complex/listings/${l.id}/hide`, { hidden: true });
    expect(hidden.json()).toMatchObject({ hidden: true });
    expect(await inList()).not.toContain(l.id);
    expect((await buyer.call('GET', `/api/complex/listings/${l.id}`)).statusCode).toBe(404);
    expect((await seller.call('GET', `/api/complex/listings/${l.id}`)).json().hidden).toBe(true);
    await seller.heard('complexListingChanged');

    await ops(t, 'POST', `/api/ops/complex/listings/${l.id}/hide`, { hidden: false });
    await seller.call('PATCH', `/api/complex/listings/${l.id}`, { status: 'sold_out' });
    expect(await inList()).not.toContain(l.id);
    await seller.call('PATCH', `/api/complex/listings/${l.id}`, { status: 'delisted' });
    expect((await buyer.call('GET', `/api/complex/listings/${l.id}`)).statusCode).toBe(404);
    expect(
      (await seller.call('PATCH', `/api/complex/listings/${l.id}`, { status: 'active' })).statusCode,
    ).toBe(409);
    expect((await buy(buyer, l.id)).statusCode).toBe(404);
  });
});

describe('a seller who leaves', () => {
  it('has their listings on sale paused, so nobody pays for what they can no longer hand over', async () => {
    const leaving = await resident(t, SAKTHI, 'A', 'A-77');
    stops.push(leaving);
    const l = await list(leaving, { title: 'Ceiling fan', handover: ['in_person'] });
    const paused = await list(leaving, { title: 'Table lamp', handover: ['in_person'] });
    await leaving.call('PATCH', `/api/complex/listings/${paused.id}`, { status: 'sold_out' });
    expect((await leaving.call('DELETE', '/api/complex/membership')).statusCode).toBe(204);
    const [row] = await t.ctx.database.db.select().from(complexListings).where(eq(complexListings.id, l.id));
    expect(row!.status).toBe('paused');
    const [other] = await t.ctx.database.db
      .select()
      .from(complexListings)
      .where(eq(complexListings.id, paused.id));
    expect(other!.status).toBe('sold_out');
    expect((await buy(buyer, l.id)).json().error.code).toBe('ListingUnavailable');
    await leaving.heard('complexListingChanged');
  });

  it('and so does one who deletes their account', async () => {
    const gone = await resident(t, SAKTHI, 'A', 'A-78');
    stops.push(gone);
    const l = await list(gone, { title: 'Steel almirah', handover: ['in_person'] });
    expect((await gone.call('DELETE', '/api/me')).statusCode).toBe(204);
    const [row] = await t.ctx.database.db.select().from(complexListings).where(eq(complexListings.id, l.id));
    expect(row!.status).toBe('paused');
    expect((await buy(buyer, l.id)).json().error.code).toBe('ListingUnavailable');
  });
});

describe('buying', () => {
  it('of fifty buyers for the last unit exactly one gets it', async () => {
    const l = await list(seller, { title: 'Last jar of lemon pickle', quantity: 1, handover: ['in_person'] });
    const crowd = await quickResidents(t, 50);
    stops.push(...crowd);
    const answers = await Promise.all(crowd.map((who) => buy(who, l.id)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(
      answers.filter((r) => r.statusCode === 409).every((r) => r.json().error.code === 'ListingUnavailable'),
    ).toBe(true);
    expect(await quantityOf(l.id)).toBe(0);
    const orders = await t.ctx.database.db
      .select()
      .from(complexOrders)
      .where(eq(complexOrders.listingId, l.id));
    expect(orders).toHaveLength(1);
  });

  it('a failed payment gives the quantity back at once; an unpaid one after 15 minutes', async () => {
    const l = await list(seller, { title: 'Idli steamer', quantity: 2, handover: ['in_person'] });
    const o = (await buy(buyer, l.id, 'in_person', 2)).json() as ComplexOrder;
    expect(await quantityOf(l.id)).toBe(0);
    expect(o).toMatchObject({ state: 'awaiting_payment', totalPaise: 70000, role: 'buyer' });
    await buyer.pay(o.payment!, 'failure');
    await deliverWebhooks(t);
    expect(await quantityOf(l.id)).toBe(2);
    expect((await orderOf(buyer, o.id)).state).toBe('expired');

    const lapsing = (await buy(buyer, l.id, 'in_person', 1)).json() as ComplexOrder;
    expect(await quantityOf(l.id)).toBe(1);
    await advance(t, 16 * MIN);
    expect(await quantityOf(l.id)).toBe(2);
    expect((await orderOf(buyer, lapsing.id)).state).toBe('expired');
    // Paying after the hold lapsed is refunded in full, never granted.
    const late = await buyer.pay(lapsing.payment!);
    expect(late.statusCode).toBe(409);
    const [p] = await t.ctx.database.db.select().from(payments).where(eq(payments.id, lapsing.payment!.id));
    expect(p!.status).toBe('refunded');
    expect(await quantityOf(l.id)).toBe(2);
  });

  it('a step that fails leaves nothing behind (each step of the buy flow)', async () => {
    const l = await list(seller, { title: 'Flow check item', quantity: 3, handover: ['in_person'] });
    for (const failAt of BUY_STEPS) {
      const before = await moneySnapshot(t);
      const q = await quantityOf(l.id);
      t.app.services.flows.setHooks({
        beforeStep: (flow, step) => {
          if (flow === 'complexMarket.buy' && step === failAt) throw new Error(`${step} failed (test)`);
        },
      });
      expect((await buy(buyer, l.id)).statusCode).toBe(500);
      t.app.services.flows.setHooks({});
      await expectUnchanged(t, before);
      expect(await quantityOf(l.id)).toBe(q);
    }
    const orders = await t.ctx.database.db
      .select()
      .from(complexOrders)
      .where(eq(complexOrders.listingId, l.id));
    expect(orders).toHaveLength(0);
  });

  it('refuses my own listing and a hand-over the seller does not offer', async () => {
    const l = await list(seller, { title: 'Only in person', handover: ['in_person'] });
    expect((await buy(seller, l.id)).json().error.code).toBe('OwnListing');
    expect((await buy(buyer, l.id, 'complex_locker')).json().error.code).toBe('HandoverNotOffered');
    expect((await buy(buyer, l.id, 'in_person', 2)).json().error.code).toBe('ListingUnavailable');
  });
});

describe('hand-over in person', () => {
  it('the seller hands over, the buyer confirms; earnings owed, then paid out by an operator', async () => {
    const l = await list(seller, { title: 'Cricket bat', pricePaise: 120000, handover: ['in_person'] });
    const o = await bought(buyer, l.id);
    expect(o.state).toBe('paid');
    const sold = await seller.heard('complexOrderChanged');
    expect(sold.data).toMatchObject({ id: expect.any(String) });
    const early = await seller.call('GET', '/api/complex/my-listings');
    expect(early.json().earnings.pendingPaise).toBeGreaterThanOrEqual(120000);
    const wrongSide = await buyer.call('POST', `/api/complex/orders/${o.id}/handed-over`);
    expect(wrongSide.statusCode, wrongSide.body).toBe(403);
    const handed = await seller.call('POST', `/api/complex/orders/${o.id}/handed-over`);
    expect(handed.json()).toMatchObject({ state: 'handed_over', role: 'seller' });
    expect(handed.json().confirmsAt).toBeTruthy();
    const done = await buyer.call('POST', `/api/complex/orders/${o.id}/received`);
    expect(done.json()).toMatchObject({ state: 'completed' });
    expect(done.json().timeline.map((e: { state: string }) => e.state)).toEqual([
      'awaiting_payment',
      'paid',
      'handed_over',
      'completed',
    ]);
    const mine = (await seller.call('GET', '/api/complex/my-listings')).json();
    const sale = mine.earnings.sales.find((s: ComplexOrder) => s.id === o.id);
    expect(sale).toMatchObject({ state: 'completed', paidOutAt: null });
    const owed = mine.earnings.owedPaise;
    expect(owed).toBeGreaterThanOrEqual(120000);
    const paid = await ops(t, 'POST', `/api/ops/complex/orders/${o.id}/payout`);
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await seller.call('GET', '/api/complex/my-listings')).json().earnings;
    expect(after.owedPaise).toBe(owed - 120000);
    expect(after.paidOutPaise).toBeGreaterThanOrEqual(120000);
    expect(after.sales.find((s: ComplexOrder) => s.id === o.id).paidOutAt).toBeTruthy();
    // In /profile/MyOrders: the buyer's list has it.
    const list2 = (await buyer.call('GET', '/api/complex/orders')).json().orders as ComplexOrder[];
    expect(list2.find((x) => x.id === o.id)).toMatchObject({ role: 'buyer', sellerFlat: 'B-7' });
  });

  it('confirms itself after 48 hours unless the buyer reports a problem', async () => {
    const a = await bought(buyer, (await list(seller, { title: 'Thermos', handover: ['in_person'] })).id);
    const b = await bought(buyer, (await list(seller, { title: 'Umbrella', handover: ['in_person'] })).id);
    await seller.call('POST', `/api/complex/orders/${a.id}/handed-over`);
    await seller.call('POST', `/api/complex/orders/${b.id}/handed-over`);
    const problem = await buyer.call('POST', `/api/complex/orders/${b.id}/problem`, {
      reason: 'Handle is broken',
    });
    expect(problem.json().state).toBe('disputed');
    await advance(t, 48 * HOUR + MIN);
    expect((await orderOf(buyer, a.id)).state).toBe('completed');
    expect((await orderOf(buyer, b.id)).state).toBe('disputed');
    const told = seller
      .named('complexOrderChanged')
      .filter((e) => e.data.id === b.id && e.data.state === 'disputed');
    expect(told.length).toBe(1);
  });

  it('a seller’s cancellation refunds the buyer in full', async () => {
    const l = await list(seller, { title: 'Wall clock', handover: ['in_person'] });
    const o = await bought(buyer, l.id);
    const cancelled = await seller.call('POST', `/api/complex/orders/${o.id}/cancel`, { reason: 'It broke' });
    expect(cancelled.json()).toMatchObject({ state: 'cancelled' });
    const [p] = await t.ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, o.payment?.id ?? ''));
    const [row] = await t.ctx.database.db.select().from(complexOrders).where(eq(complexOrders.id, o.id));
    const [pay] = await t.ctx.database.db.select().from(payments).where(eq(payments.id, row!.paymentId!));
    expect(p).toBeUndefined();
    expect(pay!.status).toBe('refunded');
    const heard = await buyer.heard('complexOrderChanged');
    expect(
      buyer.named('complexOrderChanged').some((e) => e.data.id === o.id && e.data.state === 'cancelled'),
    ).toBe(true);
    expect(heard).toBeTruthy();
    expect((await seller.call('POST', `/api/complex/orders/${o.id}/cancel`)).statusCode).toBe(409);
  });
});

describe('hand-over through the complex locker', () => {
  it('the seller drops with a drop PIN, the buyer collects with a pickup PIN; collected closes the order', async () => {
    const l = await list(seller, { title: 'School bag', handover: ['complex_locker'] });
    const o = await bought(buyer, l.id, 'complex_locker');
    expect(o.state).toBe('awaiting_drop');
    expect(o.locker).toMatchObject({ siteId: SITE, pin: null });
    const forSeller = await orderOf(seller, o.id);
    expect(forSeller.locker?.pin).toMatch(/^\d{6}$/);
    // The drop hold is not one of the seller's locker bookings.
    const theirBookings = (await seller.call('GET', '/api/bookings?period=recent')).json().data as Array<{
      siteId: string;
    }>;
    expect(theirBookings.filter((b) => b.siteId === SITE)).toHaveLength(0);

    await openWithPin(forSeller.locker!.pin!);
    const inLocker = await orderOf(buyer, o.id);
    expect(inLocker.state).toBe('in_locker');
    expect(inLocker.locker?.pin).toMatch(/^\d{6}$/);
    expect(inLocker.locker?.pin).not.toBe(forSeller.locker!.pin);
    expect((await orderOf(seller, o.id)).locker?.pin).toBeNull();
    const told = buyer
      .named('complexOrderChanged')
      .filter((e) => e.data.id === o.id && e.data.state === 'in_locker');
    expect(told).toHaveLength(1);

    await openWithPin(inLocker.locker!.pin!);
    const done = await orderOf(buyer, o.id);
    expect(done.state).toBe('completed');
    expect(done.locker).toBeNull();
    const [row] = await t.ctx.database.db.select().from(complexOrders).where(eq(complexOrders.id, o.id));
    const [hold] = await t.ctx.database.db.select().from(bookings).where(eq(bookings.id, row!.bookingId!));
    expect(hold!.state).toBe('ended');
    // The buyer booked nothing: they are told they collected their order, not that "their booking" ended.
    const ended = await buyer.heard('bookingEnded', hold!.id);
    expect(ended.data.message).toMatch(
      /^You collected your order from locker \S+ at .+\. Thank you for using Petti\.$/,
    );
    expect(ended.data.msg).toContain('உங்கள் ஆர்டரைப் பெற்றுக்கொண்டீர்கள்');
    expect(buyer.named('bookingEnded').some((e) => String(e.data.message).includes('Your booking'))).toBe(
      false,
    );
  });

  it('not dropped in 48 hours: cancelled, the buyer refunded, both told', async () => {
    const l = await list(seller, { title: 'Study lamp', handover: ['complex_locker'] });
    const o = await bought(buyer, l.id, 'complex_locker');
    await advance(t, 48 * HOUR + MIN);
    await t.app.services.jobs.runDueJobs();
    const after = await orderOf(buyer, o.id);
    expect(after.state).toBe('cancelled');
    const [row] = await t.ctx.database.db.select().from(complexOrders).where(eq(complexOrders.id, o.id));
    const [pay] = await t.ctx.database.db.select().from(payments).where(eq(payments.id, row!.paymentId!));
    expect(pay!.status).toBe('refunded');
    const [hold] = await t.ctx.database.db.select().from(bookings).where(eq(bookings.id, row!.bookingId!));
    expect(['ended', 'timed_out']).toContain(hold!.state);
    for (const who of [buyer, seller]) {
      expect(
        who.named('complexOrderChanged').some((e) => e.data.id === o.id && e.data.state === 'cancelled'),
      ).toBe(true);
    }
  });

  it('not collected in 48 hours after the drop: both told, no overstay charged', async () => {
    const l = await list(seller, { title: 'Rice cooker', handover: ['complex_locker'] });
    const o = await bought(buyer, l.id, 'complex_locker');
    await openWithPin((await orderOf(seller, o.id)).locker!.pin!);
    expect((await orderOf(buyer, o.id)).state).toBe('in_locker');
    await advance(t, 48 * HOUR + MIN);
    await t.app.services.jobs.runDueJobs();
    expect((await orderOf(buyer, o.id)).state).toBe('uncollected');
    for (const who of [buyer, seller]) {
      expect(
        who.named('complexOrderChanged').some((e) => e.data.id === o.id && e.data.state === 'uncollected'),
      ).toBe(true);
    }
    const [row] = await t.ctx.database.db.select().from(complexOrders).where(eq(complexOrders.id, o.id));
    const [hold] = await t.ctx.database.db.select().from(bookings).where(eq(bookings.id, row!.bookingId!));
    expect(hold!.state).toBe('ended');
  });

  it('hazardous items never go to a locker', async () => {
    const l = await list(seller, { title: 'Sparklers box', hazardous: true, handover: ['in_person'] });
    expect(
      (await seller.call('PATCH', `/api/complex/listings/${l.id}`, { handover: ['complex_locker'] }))
        .statusCode,
    ).toBe(400);
    expect((await buy(buyer, l.id, 'complex_locker')).json().error.code).toBe('HandoverNotOffered');
  });
});

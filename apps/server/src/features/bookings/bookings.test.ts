import { quoteHours } from '@petti/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import {
  advance,
  bookAndPay,
  bookingRow,
  HOUR,
  heartbeatAll,
  MIN,
  type Shopper,
  shopper,
  until,
} from '../../test/locker-helpers.ts';
import {
  buyPlan,
  confirm,
  deliverWebhooks,
  payAtTestpay,
  postWebhook,
  signBody,
} from '../../test/payment-helpers.ts';
import { lockerPrices, lockerSites } from '../lockers/schema.ts';
import { payments } from '../payments/schema.ts';

let t: TestApp;

/** Each other size offered at its own price at this kind of site, for the hours asked. */
async function expectPricedAt(
  siteId: string,
  otherSizes: Array<{ size: string; amountPaise: number }>,
  hours: number,
) {
  const db = t.ctx.database.db;
  const [site] = await db.select().from(lockerSites).where(eq(lockerSites.id, siteId));
  for (const o of otherSizes) {
    const [rate] = await db
      .select()
      .from(lockerPrices)
      .where(and(eq(lockerPrices.siteType, site!.type), eq(lockerPrices.size, o.size)));
    expect(o.amountPaise, o.size).toBe(quoteHours(rate!, o.size, 0, hours, null).amountPaise);
  }
}

beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_IP_CODES_PER_HOUR: '10000' } });
  await heartbeatAll(t);
});
afterAll(() => t.close());

/** As if the door had been opened (hardware.test.ts covers the real path). */
async function markActive(id: string) {
  const row = await bookingRow(t, id);
  await t.app.services.bookingCore.deps.transactor.run((tx) =>
    t.app.services.bookingCore.update(tx, row, { state: 'active', openedAt: t.clock.now() }),
  );
}

describe('locker locations (public)', () => {
  it('lists sites with hours, type, online state, free counts per size and prices, without sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/locker-locations' });
    expect(res.statusCode).toBe(200);
    // Signed out: the public sites only; a complex's own lockers are for its residents (below).
    expect(res.json().sites.map((s: { type: string }) => s.type)).toEqual(Array(5).fill('public_lockers'));
    const resident = await shopper(t, { complexId: 'green-park-apartments' });
    const mine = await resident.call('GET', '/api/locker-locations');
    await resident.stop();
    const { sites } = mine.json();
    expect(sites).toHaveLength(6);
    expect(sites.map((s: { id: string }) => s.id)).not.toContain('sakthi-residency-lockers');
    const bus = sites.find((s: { id: string }) => s.id === 'bus-stand');
    expect(bus).toMatchObject({
      type: 'public_lockers',
      hours: { open: '00:00', close: '24:00' },
      openNow: true,
      online: true,
      acceptsParcels: true,
      complexId: null,
    });
    expect(bus.sizes.map((s: { size: string }) => s.size)).toEqual(['S', 'M', 'L', 'XL']);
    expect(bus.sizes[1]).toMatchObject({
      size: 'M',
      total: 8,
      free: 8,
      price: { firstHourPaise: 3000, extraHourPaise: 2000, dayCapPaise: 22000 },
      label: { en: 'Medium' },
    });
    const complex = sites.find((s: { id: string }) => s.id === 'green-park-lockers');
    expect(complex).toMatchObject({ type: 'complex_lockers', complexId: 'green-park-apartments' });
  });

  it('answers availability for a size, start and duration, with alternatives', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/locker-locations/sattur-road/availability?size=XL&durationHours=4',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      siteId: 'sattur-road',
      size: 'XL',
      free: 2,
      available: true,
      online: true,
    });
    const { otherSizes } = res.json() as { otherSizes: Array<{ size: string; amountPaise: number }> };
    expect(otherSizes.map((o) => o.size)).toEqual(expect.arrayContaining(['S', 'M']));
    await expectPricedAt('sattur-road', otherSizes, 4);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/locker-locations/sattur-road/availability?size=XL&durationHours=3',
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/locker-locations/nowhere' })).statusCode).toBe(
      404,
    );
  });
});

describe('kept site lists (docs/performance.md#reads)', () => {
  const freeM = async (siteId: string) => {
    const { sites } = (await t.app.inject({ method: 'GET', url: '/api/locker-locations' })).json();
    return sites
      .find((s: { id: string }) => s.id === siteId)
      .sizes.find((z: { size: string }) => z.size === 'M').free as number;
  };

  it('counts a locker held by a new booking at once, and frees it when the hold is dropped', async () => {
    const before = await freeM('thiruthangal');
    const u = await shopper(t);
    const held = await u.book({ siteId: 'thiruthangal', size: 'M', durationHours: 2 });
    expect(held.state).toBe('awaiting_payment');
    await expect.poll(() => freeM('thiruthangal')).toBe(before - 1);
    expect((await u.call('DELETE', `/api/bookings/${held.id}`)).statusCode).toBeLessThan(300);
    await expect.poll(() => freeM('thiruthangal')).toBe(before);
    await u.stop();
  });

  it('is made again once the clock passes its age limit: a site going offline shows without a change', async () => {
    const online = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/locker-locations/bus-stand' })).json()
        .online as boolean;
    expect(await online()).toBe(true);
    // No heartbeat: the site falls silent, and nothing in the database changes when it does.
    await advance(t, 10 * MIN, { heartbeat: false });
    expect(await online()).toBe(false);
    await heartbeatAll(t);
    await expect.poll(online).toBe(true);
  });
});

describe('price quotes', () => {
  it('prices from the table: first hour, extra hours, day cap; GST included', async () => {
    const u = await shopper(t);
    const res = await u.call('GET', '/api/bookings/quote?siteId=bus-stand&size=M&durationHours=4');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      basePaise: 9000,
      planHours: 0,
      planId: null,
      amountPaise: 9000,
      taxPaise: 1373,
      currency: 'INR',
    });
    const day = await u.call('GET', '/api/bookings/quote?siteId=bus-stand&size=M&durationHours=24');
    expect(day.json().amountPaise).toBe(22000);
  });

  it("applies the user's plan: Locker Lite pays the first hours of S and M", async () => {
    const u = await shopper(t);
    const { payment } = await buyPlan(t, u.tokens.accessToken, 'locker-lite');
    const paid = await payAtTestpay(t, payment);
    const { row: _r, ...body } = paid;
    expect((await confirm(t, u.tokens.accessToken, payment.id, body)).statusCode).toBe(200);
    const m = await u.call('GET', '/api/bookings/quote?siteId=bus-stand&size=M&durationHours=12');
    // 12 h cost the day cap (₹220); 10 plan hours are worth ₹210, so the last two hours cost ₹10.
    expect(m.json()).toMatchObject({
      planHours: 10,
      planId: 'locker-lite',
      basePaise: 22000,
      amountPaise: 1000,
    });
    const l = await u.call('GET', '/api/bookings/quote?siteId=bus-stand&size=L&durationHours=2');
    expect(l.json()).toMatchObject({ planHours: 0, amountPaise: 7000 });
  });
});

describe('booking a locker now', () => {
  it('holds a locker 5 min for payment, then reserves it with a dynamic PIN', async () => {
    const u = await shopper(t);
    const held = await u.book({ siteId: 'bus-stand', size: 'M', durationHours: 2 });
    expect(held).toMatchObject({
      state: 'awaiting_payment',
      siteId: 'bus-stand',
      size: 'M',
      scheduled: false,
      pin: null,
      price: { amountPaise: 5000, basePaise: 5000, planHours: 0 },
      payment: { provider: 'testpay', amount: 5000, currency: 'INR' },
    });
    expect(held.locker).toMatchObject({ id: expect.stringMatching(/^bus-stand-M/), low: false });
    expect(new Date(held.holdExpiresAt!).getTime() - t.clock.now().getTime()).toBe(5 * MIN);
    const created = await u.heard('bookingCreated', held.id);
    expect(created.SessionID).toBe(u.sessionId);
    expect(created.data).toMatchObject({
      isRequirePricing: true,
      isRequirePrice: true,
      bookingId: held.id,
      dlb_session_id: u.sessionId,
    });
    expect(created.data.payment).toMatchObject({ id: held.payment!.id });

    expect((await u.pay(held.payment!)).statusCode).toBe(200);
    const reserved = await u.get(held.id);
    expect(reserved).toMatchObject({
      state: 'reserved',
      holdExpiresAt: null,
      endsAt: held.endsAt,
      pinExpiresAt: held.endsAt,
    });
    expect(reserved.pin).toMatch(/^\d{6}$/);
    expect(reserved.payment).toBeUndefined();
    const ev = await u.heard('bookingReserved', held.id);
    expect(ev.data.code).toBe('reserved');
    expect(JSON.stringify(ev)).not.toContain(reserved.pin!); // the PIN never travels in events
    const notes = await u.call('GET', '/api/notifications');
    expect(notes.json().items.map((n: { kind: string }) => n.kind)).toContain('bookingReserved');
    expect(JSON.stringify(notes.json())).not.toContain(reserved.pin!);
  });

  it('times out an unpaid hold after 5 minutes and frees the locker', async () => {
    const u = await shopper(t);
    const held = await u.book({ siteId: 'thiruthangal', size: 'XL', durationHours: 1 });
    await advance(t, 4 * MIN);
    expect((await u.get(held.id)).state).toBe('awaiting_payment');
    await advance(t, 1 * MIN);
    const gone = await u.get(held.id);
    expect(gone).toMatchObject({ state: 'timed_out', locker: { id: held.locker!.id } });
    const ev = await u.heard('bookingTimedOut', held.id);
    expect(ev.data.reason).toBe('payment');
    expect(ev.SessionID).toBeNull();
    // The locker is free again; a payment that arrives late is refunded in full by payments.
    const paid = await payAtTestpay(t, held.payment!);
    const { row: _r, ...body } = paid;
    const late = await confirm(t, u.tokens.accessToken, held.payment!.id, body);
    expect(late.statusCode).toBe(409);
    expect((await u.get(held.id)).state).toBe('timed_out');
  });

  it('keeps the hold when a payment attempt fails, and says so', async () => {
    const u = await shopper(t);
    const held = await u.book({ siteId: 'bus-stand', size: 'L', durationHours: 1 });
    await payAtTestpay(t, held.payment!, 'failure');
    await deliverWebhooks(t);
    const ev = await u.heard('bookingStatusChanged', held.id, 'paymentFailed');
    expect(ev.data.code).toBe('paymentFailed');
    expect((await u.get(held.id)).state).toBe('awaiting_payment');
  });

  it('honours a preference for a low locker when one is free, and keeps low ones for those who ask', async () => {
    const u = await shopper(t);
    const low = await u.book({ siteId: 'railway-station', size: 'S', durationHours: 1, preferLow: true });
    expect(low.locker).toMatchObject({ low: true });
    expect([1, 2]).toContain(low.locker!.row);
    const other = await u.book({ siteId: 'railway-station', size: 'S', durationHours: 1 });
    expect(other.locker!.low).toBe(false);
  });

  it('answers the same booking for a replayed request (Idempotency-Key)', async () => {
    const u = await shopper(t);
    const key = { 'idempotency-key': 'replay-key-0001' };
    const a = await u.book({ siteId: 'railway-station', size: 'L', durationHours: 1 }, key);
    const b = await u.book({ siteId: 'railway-station', size: 'L', durationHours: 1 }, key);
    expect(b.id).toBe(a.id);
  });

  it('answers one booking to twins of a request sent at the same time', async () => {
    const u = await shopper(t);
    const key = { 'idempotency-key': 'twin-key-0001' };
    const body = { siteId: 'railway-station', size: 'M', durationHours: 1 };
    const [a, b] = await Promise.all([u.book(body, key), u.book(body, key)]);
    expect(b.id).toBe(a.id);
    expect((await u.book(body, key)).id).toBe(a.id);
  });

  it('lets a plan pay for the whole booking: reserved at once, no payment', async () => {
    const u = await shopper(t);
    const { payment } = await buyPlan(t, u.tokens.accessToken, 'locker-plus');
    const { row: _r, ...body } = await payAtTestpay(t, payment);
    expect((await confirm(t, u.tokens.accessToken, payment.id, body)).statusCode).toBe(200);
    const b = await u.book({ siteId: 'ajna-college', size: 'L', durationHours: 4 });
    expect(b).toMatchObject({
      state: 'reserved',
      price: { amountPaise: 0, basePaise: 13000, planHours: 4, planId: 'locker-plus' },
    });
    expect(b.payment).toBeUndefined();
    expect(b.pin).toMatch(/^\d{6}$/);
    const created = await u.heard('bookingCreated', b.id);
    expect(created.data.isRequirePricing).toBe(false);
    // Nothing to pay: no hold for payment, from the first event on.
    expect((created.data.booking as { holdExpiresAt: string | null }).holdExpiresAt).toBeNull();
    await u.heard('bookingReserved', b.id);
    const subs = await u.call('GET', '/api/subscriptions');
    expect(JSON.stringify(subs.json())).toContain('"lockerHoursUsed":4');
  });

  it('refuses a complex site to non-residents (UserNotEnable) and tells the devices', async () => {
    const u = await shopper(t);
    const res = await u.call('POST', '/api/bookings', {
      siteId: 'green-park-lockers',
      size: 'S',
      durationHours: 1,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('UserNotEnable');
    const ev = await u.heard('UserNotEnable');
    expect(ev.data).toMatchObject({ code: 'UserNotEnable', siteId: 'green-park-lockers' });
    const resident = await shopper(t, { complexId: 'green-park-apartments' });
    const ok = await resident.book({ siteId: 'green-park-lockers', size: 'S', durationHours: 1 });
    expect(ok.state).toBe('awaiting_payment');
    expect(ok.price.amountPaise).toBe(1000);
  });

  it('refuses bad input: unknown site, size not there, a duration not offered, a closed site', async () => {
    const u = await shopper(t);
    expect(
      (await u.call('POST', '/api/bookings', { siteId: 'nowhere', size: 'S', durationHours: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await u.call('POST', '/api/bookings', { siteId: 'bus-stand', size: 'S', durationHours: 3 }))
        .statusCode,
    ).toBe(400);
    const late = new Date(t.clock.now().getTime() + 13 * HOUR).toISOString(); // 23:00 IST and later
    const closed = await u.call('POST', '/api/bookings', {
      siteId: 'ajna-college',
      size: 'S',
      durationHours: 1,
      startAt: late,
    });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().error.code).toBe('SiteClosed');
    const far = new Date(t.clock.now().getTime() + 8 * 24 * HOUR).toISOString();
    const tooFar = await u.call('POST', '/api/bookings', {
      siteId: 'bus-stand',
      size: 'S',
      durationHours: 1,
      startAt: far,
    });
    expect(tooFar.json().error.code).toBe('StartNotAllowed');
  });
});

describe('scheduled bookings', () => {
  it('pays now, gets its PIN 15 min before the start, is reserved at the start, times out if not opened in 30 min', async () => {
    const u = await shopper(t);
    const startAt = new Date(t.clock.now().getTime() + 2 * HOUR).toISOString();
    const b = await bookAndPay(t, u, { siteId: 'sattur-road', size: 'S', durationHours: 2, startAt });
    expect(b).toMatchObject({ state: 'scheduled', scheduled: true, pin: null, startsAt: startAt });
    await u.heard('bookingCreatedScheduled', b.id);

    await advance(t, HOUR + 44 * MIN);
    expect((await u.get(b.id)).pin).toBeNull();
    await advance(t, MIN);
    const withPin = await u.get(b.id);
    expect(withPin).toMatchObject({ state: 'scheduled' });
    expect(withPin.pin).toMatch(/^\d{6}$/);
    await u.heard('dynamicPinChanged', b.id);
    await advance(t, 15 * MIN);
    expect((await u.get(b.id)).state).toBe('reserved');
    await u.heard('bookingReserved', b.id);
    await advance(t, 30 * MIN);
    const out = await u.get(b.id);
    expect(out).toMatchObject({ state: 'timed_out', pin: null });
    await u.heard('bookingTimedOut', b.id, 'scheduled');
    await u.heard('dynamicPinDeleted', b.id);
  });

  it('moves its start while nothing is in the way, and refuses when something is', async () => {
    const u = await shopper(t);
    const now = t.clock.now().getTime();
    // sattur-road has 2 XL lockers: fill both from +6 h to +8 h.
    const other = await shopper(t);
    for (let i = 0; i < 2; i++)
      await bookAndPay(t, other, {
        siteId: 'sattur-road',
        size: 'XL',
        durationHours: 2,
        startAt: new Date(now + 6 * HOUR).toISOString(),
      });
    const b = await bookAndPay(t, u, {
      siteId: 'sattur-road',
      size: 'XL',
      durationHours: 2,
      startAt: new Date(now + 2 * HOUR).toISOString(),
    });
    const moved = await u.call('PATCH', `/api/bookings/${b.id}`, {
      startAt: new Date(now + 3 * HOUR).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      state: 'scheduled',
      startsAt: new Date(now + 3 * HOUR).toISOString(),
      endsAt: new Date(now + 5 * HOUR).toISOString(),
    });
    await u.heard('bookingStatusChanged', b.id, 'moved');
    const blocked = await u.call('PATCH', `/api/bookings/${b.id}`, {
      startAt: new Date(now + 5 * HOUR).toISOString(),
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.code).toBe('MoveNotPossible');
  });
});

describe('when the size is full', () => {
  let a: Shopper;
  it('waitlists with offers: other sizes now, the same size later, other sites', async () => {
    a = await shopper(t);
    const filler = await shopper(t);
    // ajna-college has a single XL locker.
    const first = await bookAndPay(t, filler, { siteId: 'ajna-college', size: 'XL', durationHours: 2 });
    expect(first.state).toBe('reserved');
    const w = await a.book({ siteId: 'ajna-college', size: 'XL', durationHours: 1 });
    expect(w).toMatchObject({ state: 'waitlisted', locker: null, waitlistPosition: 1 });
    expect(w.payment).toBeUndefined();
    expect(w.offers!.otherSizes.map((o) => o.size)).toEqual(expect.arrayContaining(['S', 'M']));
    await expectPricedAt('ajna-college', w.offers!.otherSizes, 1);
    expect(w.offers!.sameSizeLater).toEqual({
      startsAt: first.endsAt,
      endsAt: new Date(new Date(first.endsAt).getTime() + HOUR).toISOString(),
    });
    expect(w.offers!.otherSites.length).toBeGreaterThan(0);
    expect(w.offers!.otherSites.map((s) => s.siteId)).not.toContain('green-park-lockers');
    for (const name of [
      'bookingCreatedWaitlisted',
      'otherSizeLockersReceived',
      'sameSizeScheduledBookingOffered',
      'otherAvailabilityData',
    ])
      await a.heard(name, w.id);

    // The holder opens and ends it: the first on the waitlist gets a hold with pricing required.
    await markActive(first.id);
    const ended = await filler.call('POST', `/api/bookings/${first.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ state: 'ended', pin: null });
    const offer = await a.heard('availableLockerFound', w.id);
    expect(offer.data).toMatchObject({ isRequirePricing: true });
    expect(offer.data.payment).toBeDefined();
    const held = await a.get(w.id);
    expect(held).toMatchObject({ state: 'awaiting_payment', waitlistPosition: null });
    expect((await a.pay(held.payment!)).statusCode).toBe(200);
    expect((await a.get(w.id)).state).toBe('reserved');
  });

  it('lets a waitlisted request lapse an hour after its start', async () => {
    const u = await shopper(t);
    const filler = await shopper(t);
    // thiruthangal has two XL lockers: both taken for a day (reserved, not opened: they simply end then).
    await bookAndPay(t, filler, { siteId: 'thiruthangal', size: 'XL', durationHours: 24 });
    await bookAndPay(t, filler, { siteId: 'thiruthangal', size: 'XL', durationHours: 24 });
    const w = await u.book({ siteId: 'thiruthangal', size: 'XL', durationHours: 1 });
    expect(w.state).toBe('waitlisted');
    await advance(t, 59 * MIN);
    expect((await u.get(w.id)).state).toBe('waitlisted');
    await advance(t, MIN);
    expect((await u.get(w.id)).state).toBe('timed_out');
    await u.heard('bookingTimedOut', w.id, 'waitlist');
  });
});

describe('extending', () => {
  it('prices the extra hours as later hours, holds them during payment and moves the PIN expiry', async () => {
    const u = await shopper(t);
    const b = await bookAndPay(t, u, { siteId: 'bus-stand', size: 'L', durationHours: 2 });
    // The price shown before paying, with nothing held, is the price charged.
    const quoted = await u.call('GET', `/api/bookings/${b.id}/extend/quote?hours=2`);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({
      size: 'L',
      durationHours: 2,
      startsAt: b.endsAt,
      endsAt: new Date(new Date(b.endsAt).getTime() + 2 * HOUR).toISOString(),
      amountPaise: 6000,
      planHours: 0,
    });
    expect((await u.get(b.id)).pendingExtension).toBeNull();
    const res = await u.call('POST', `/api/bookings/${b.id}/extend`, { hours: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const pending = res.json();
    expect(pending.pendingExtension).toMatchObject({ hours: 2, amountPaise: 6000 });
    expect(pending.payment.amount).toBe(6000);
    expect(pending.endsAt).toBe(b.endsAt);
    expect((await u.call('POST', `/api/bookings/${b.id}/extend`, { hours: 1 })).json().error.code).toBe(
      'ExtensionPending',
    );
    expect((await u.pay(pending.payment)).statusCode).toBe(200);
    const after = await u.get(b.id);
    const newEnd = new Date(new Date(b.endsAt).getTime() + 2 * HOUR).toISOString();
    expect(after).toMatchObject({
      endsAt: newEnd,
      pinExpiresAt: newEnd,
      extendedHours: 2,
      pendingExtension: null,
      price: { amountPaise: 13000 },
    });
    await until(() =>
      expect(u.names(b.id)).toEqual(expect.arrayContaining(['bookingCreatedExtended', 'pinExpiryUpdated'])),
    );
  });

  it('refuses to overlap the next booking on that locker, and more than 72 hours in all', async () => {
    const u = await shopper(t);
    const next = await shopper(t);
    const b = await bookAndPay(t, u, { siteId: 'sattur-road', size: 'L', durationHours: 24 });
    // Take the other two L lockers and then this one right after b.
    for (let i = 0; i < 3; i++)
      await bookAndPay(t, next, { siteId: 'sattur-road', size: 'L', durationHours: 1, startAt: b.endsAt });
    const over = await u.call('POST', `/api/bookings/${b.id}/extend`, { hours: 1 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('ExtensionOverlaps');
    const mine = await bookAndPay(t, u, { siteId: 'bus-stand', size: 'XL', durationHours: 24 });
    const long = await u.call('POST', `/api/bookings/${mine.id}/extend`, { hours: 49 });
    expect(long.json().error).toMatchObject({ code: 'BookingTooLong', hoursLeft: 48 });
    const longQuote = await u.call('GET', `/api/bookings/${mine.id}/extend/quote?hours=49`);
    expect(longQuote.json().error).toMatchObject({ code: 'BookingTooLong', hoursLeft: 48 });
  });

  it('gives back the held hours when the extension is not paid in 5 minutes', async () => {
    const u = await shopper(t);
    const b = await bookAndPay(t, u, { siteId: 'bus-stand', size: 'S', durationHours: 1 });
    const res = await u.call('POST', `/api/bookings/${b.id}/extend`, { hours: 1 });
    expect(res.json().pendingExtension).not.toBeNull();
    await advance(t, 5 * MIN);
    const after = await u.get(b.id);
    expect(after).toMatchObject({ endsAt: b.endsAt, pendingExtension: null });
    expect((await bookingRow(t, b.id)).occupiedUntil!.toISOString()).toBe(b.endsAt);
    await u.heard('bookingStatusChanged', b.id, 'extensionLapsed');
  });
});

describe('cancelling', () => {
  it('refunds a scheduled booking in full an hour or more ahead, half closer in; gives the locker back', async () => {
    const u = await shopper(t);
    const far = await bookAndPay(t, u, {
      siteId: 'railway-station',
      size: 'XL',
      durationHours: 2,
      startAt: new Date(t.clock.now().getTime() + 3 * HOUR).toISOString(),
    });
    const res = await u.call('DELETE', `/api/bookings/${far.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      booking: { state: 'cancelled' },
      refund: { amountPaise: 9000, rule: 'full' },
    });
    expect((await u.heard('userBookingDeleted', far.id)).data.refund).toEqual({
      amountPaise: 9000,
      rule: 'full',
    });
    await until(async () => {
      const detail = await u.call('GET', `/api/bookings/${far.id}?get_payment_detail=true`);
      expect(detail.json().payments[0]).toMatchObject({ state: 'refunded', refundedPaise: 9000 });
    });
    // The locker is free for others again at that time.
    const avail = await t.app.inject({
      method: 'GET',
      url: `/api/locker-locations/railway-station/availability?size=XL&durationHours=2&startAt=${encodeURIComponent(far.startsAt)}`,
    });
    expect(avail.json().free).toBe(4);
    const near = await bookAndPay(t, u, { siteId: 'railway-station', size: 'XL', durationHours: 1 });
    const half = await u.call('DELETE', `/api/bookings/${near.id}`);
    expect(half.json().refund).toEqual({ amountPaise: 2500, rule: 'half' });
    await until(async () => {
      const detail = await u.call('GET', `/api/bookings/${near.id}?get_payment_detail=true`);
      expect(detail.json().payments[0]).toMatchObject({ state: 'refunded', refundedPaise: 2500 });
    });
  });

  it('a booking refunded in full at the provider (not by a cancel here) is cancelled with its locker freed, and told', async () => {
    const u = await shopper(t);
    const b = await bookAndPay(t, u, { siteId: 'railway-station', size: 'L', durationHours: 1 });
    expect(b.state).toBe('reserved');
    const [p] = await t.ctx.database.db.select().from(payments).where(eq(payments.subjectId, b.id));
    // Refunded from the provider's dashboard: its webhook is the only word Petti gets.
    const body = JSON.stringify({
      event: 'refund.processed',
      payload: {
        payment: {
          entity: {
            id: p!.providerPaymentId,
            order_id: p!.providerOrderId,
            amount: p!.amountPaise,
            amount_refunded: p!.amountPaise,
          },
        },
        refund: { entity: { id: 'rfnd_Dashboard0001', amount: p!.amountPaise } },
      },
    });
    const res = await postWebhook(t, body, signBody(body), 'evt_refund_dashboard_1');
    expect(res.json()).toEqual({ status: 'applied' });
    const after = await u.get(b.id);
    expect(after.state).toBe('cancelled');
    expect(after.pin ?? null).toBeNull();
    expect((await u.heard('userBookingDeleted', b.id)).data.refund).toEqual({
      amountPaise: p!.amountPaise,
      rule: 'provider',
    });
    // One in use is left as it is (its things are inside): staff settle it.
    const inUse = await bookAndPay(t, u, { siteId: 'railway-station', size: 'L', durationHours: 1 });
    await markActive(inUse.id);
    const [q] = await t.ctx.database.db.select().from(payments).where(eq(payments.subjectId, inUse.id));
    const second = JSON.stringify({
      event: 'refund.processed',
      payload: {
        payment: {
          entity: {
            id: q!.providerPaymentId,
            order_id: q!.providerOrderId,
            amount: q!.amountPaise,
            amount_refunded: q!.amountPaise,
          },
        },
        refund: { entity: { id: 'rfnd_Dashboard0002', amount: q!.amountPaise } },
      },
    });
    await postWebhook(t, second, signBody(second), 'evt_refund_dashboard_2');
    expect((await u.get(inUse.id)).state).toBe('active');
  });

  it('cannot cancel a booking in use', async () => {
    const u = await shopper(t);
    const b = await bookAndPay(t, u, { siteId: 'railway-station', size: 'M', durationHours: 1 });
    await markActive(b.id);
    const res = await u.call('DELETE', `/api/bookings/${b.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'BookingStateInvalid', state: 'active' });
  });
});

describe('the booking list', () => {
  it('lists recent and past bookings with payment detail on request, only the user’s own', async () => {
    const u = await shopper(t);
    const b = await bookAndPay(t, u, { siteId: 'thiruthangal', size: 'S', durationHours: 1 });
    t.clock.advance(1000);
    const c = await u.book({ siteId: 'thiruthangal', size: 'S', durationHours: 1 });
    await u.call('DELETE', `/api/bookings/${c.id}`);
    const recent = await u.call('GET', '/api/bookings?period=recent&get_payment_detail=false');
    expect(recent.statusCode, recent.body).toBe(200);
    expect(recent.json().data.map((x: { id: string }) => x.id)).toEqual([c.id, b.id]);
    expect(recent.json().data[0].payments).toBeUndefined();
    const past = await u.call('GET', '/api/bookings?period=past&get_payment_detail=true');
    expect(past.json().data.map((x: { id: string }) => x.id)).toEqual([c.id]);
    const detail = await u.call('GET', `/api/bookings/${b.id}?get_payment_detail=true`);
    expect(detail.json().payments).toEqual([
      expect.objectContaining({ kind: 'booking', state: 'paid', amountPaise: 2000 }),
    ]);
    const stranger = await shopper(t);
    expect((await stranger.call('GET', `/api/bookings/${b.id}`)).statusCode).toBe(404);
    expect((await stranger.call('POST', `/api/bookings/${b.id}/unlock`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/bookings' })).statusCode).toBe(401);
  });

  it('renews the PIN on request; the old one stops working', async () => {
    const u = await shopper(t);
    const b = await bookAndPay(t, u, { siteId: 'thiruthangal', size: 'M', durationHours: 1 });
    const res = await u.call('POST', `/api/bookings/${b.id}/pin`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pin).toMatch(/^\d{6}$/);
    expect(res.json().pin).not.toBe(b.pin);
    await u.heard('dynamicPinChanged', b.id, 'renewed');
  });
});

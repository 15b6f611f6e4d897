import { TOPICS } from '@petti/shared';
import type { OpsLocker, OpsSite } from '@petti/shared/schemas/ops';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import {
  bookAndPay,
  bookingRow,
  HOUR,
  heartbeatAll,
  type Shopper,
  shopper,
  until,
} from '../../test/locker-helpers.ts';
import { lockerSites, lockers } from '../lockers/schema.ts';
import { usersService } from '../users/index.ts';

const SITE = 'railway-station';
/** The site and the public sites within reach of it (LOCKER_RULES.nearSiteMetres). */
const NEAR = [SITE, 'sattur-road', 'bus-stand'];

let t: TestApp;
let user: Shopper;

beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_IP_CODES_PER_HOUR: '10000' } });
  await heartbeatAll(t);
  user = await shopper(t);
});
afterAll(async () => {
  await user?.stop();
  await t?.close();
});

const ops = (
  method: 'GET' | 'PUT',
  url: string,
  payload?: object,
  token: string | null = t.ctx.config.OPS_TOKEN,
) => t.app.inject({ method, url, payload, headers: token ? { 'x-ops-token': token } : {} });

const freeS = async () => {
  const sites = (await t.app.inject({ method: 'GET', url: '/api/locker-locations' })).json().sites as Array<{
    id: string;
    sizes: Array<{ size: string; free: number }>;
  }>;
  return sites.find((s) => s.id === SITE)!.sizes.find((s) => s.size === 'S')!.free;
};

describe('the ops API for locker technicians', () => {
  it('needs the ops token', async () => {
    expect((await ops('GET', '/api/ops/lockers', undefined, null)).statusCode).toBe(401);
    expect((await user.call('GET', '/api/ops/lockers')).statusCode).toBe(401);
  });

  it('lists what needs attention: a forced door, a fault', async () => {
    const all = (await ops('GET', `/api/ops/lockers?siteId=${SITE}`)).json().lockers as OpsLocker[];
    const [first, second] = all;
    await t.ctx.database.db
      .update(lockers)
      .set({ doorState: 'forced', doorChangedAt: t.clock.now() })
      .where(eq(lockers.id, first!.id));
    await t.ctx.database.db
      .update(lockers)
      .set({ fault: 'keypad not responding' })
      .where(eq(lockers.id, second!.id));
    const res = await ops('GET', `/api/ops/lockers?siteId=${SITE}&attention=true`);
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().lockers as OpsLocker[];
    expect(listed.map((l) => [l.id, l.attention])).toEqual([
      [first!.id, ['forced']],
      [second!.id, ['fault']],
    ]);
    await t.ctx.database.db
      .update(lockers)
      .set({ doorState: 'closed', fault: null })
      .where(eq(lockers.siteId, SITE));
    expect((await ops('GET', `/api/ops/lockers?siteId=${SITE}&attention=true`)).json().lockers).toEqual([]);
  });

  it('takes a booked locker out of service: its booking moves to another of the size, the shopper told', async () => {
    const booking = await bookAndPay(t, user, { siteId: SITE, size: 'S', durationHours: 1 });
    const booked = booking.locker!.id;
    const pin = (await bookingRow(t, booking.id)).pin;
    expect(pin).toBeTruthy();
    const res = await ops('PUT', `/api/ops/lockers/${booked}/service`, { inService: false });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.locker).toMatchObject({ id: booked, inService: false });
    expect(answer.moved).toEqual([{ bookingId: booking.id, lockerId: expect.any(String), siteId: SITE }]);
    expect(answer.moved[0].lockerId).not.toBe(booked);
    expect(answer.refunded).toEqual([]);
    const told = await user.heard('bookingStatusChanged', booking.id, 'outOfService');
    expect(told.data.message).toContain('needs repair');
    const after = await user.get(booking.id);
    expect(after).toMatchObject({ state: 'reserved', locker: { id: answer.moved[0].lockerId } });
    // The shopper keeps the PIN they were given: it now opens the new locker.
    expect((await bookingRow(t, booking.id)).pin).toBe(pin);
    expect((await ops('PUT', `/api/ops/lockers/${booked}/service`, { inService: true })).statusCode).toBe(
      200,
    );
    expect((await user.call('DELETE', `/api/bookings/${booking.id}`)).statusCode).toBe(200);
  });

  it('moves a booking to the nearest public site with its size free when its own has none, at no charge', async () => {
    const later = await bookAndPay(t, user, {
      siteId: SITE,
      size: 'XL',
      durationHours: 1,
      startAt: new Date(t.clock.now().getTime() + 2 * HOUR).toISOString(),
    });
    const target = later.locker!.id;
    const others = (
      (await ops('GET', `/api/ops/lockers?siteId=${SITE}`)).json().lockers as OpsLocker[]
    ).filter((l) => l.size === 'XL' && l.id !== target && l.inService);
    for (const l of others) await ops('PUT', `/api/ops/lockers/${l.id}/service`, { inService: false });
    const res = await ops('PUT', `/api/ops/lockers/${target}/service`, { inService: false });
    expect(res.statusCode, res.body).toBe(200);
    // sattur-road is 1 km away, bus-stand 1.4 km: the nearest with an XL free takes it.
    expect(res.json()).toMatchObject({
      moved: [{ bookingId: later.id, siteId: 'sattur-road' }],
      refunded: [],
    });
    const told = await user.heard('bookingStatusChanged', later.id, 'outOfServiceNearby');
    expect(told.data.message).toMatch(
      /needs repair and none of its size is free there, so your booking moved to locker XL\d+ at Sattur Road Lockers, nearby/,
    );
    expect(await user.get(later.id)).toMatchObject({ state: 'scheduled', site: { id: 'sattur-road' } });
    expect((await user.call('DELETE', `/api/bookings/${later.id}`)).statusCode).toBe(200);
    for (const id of [target, ...others.map((l) => l.id)])
      await ops('PUT', `/api/ops/lockers/${id}/service`, { inService: true });
  });

  it('cancels and refunds in full a booking no other locker can take; one in use keeps its locker', async () => {
    const soon = new Date(t.clock.now().getTime() + 3 * HOUR).toISOString();
    const later = await bookAndPay(t, user, { siteId: SITE, size: 'L', durationHours: 2, startAt: soon });
    const target = later.locker!.id;
    // No L locker free here, nor at the public sites within reach (sattur-road, bus-stand).
    const others = ((await ops('GET', '/api/ops/lockers')).json().lockers as OpsLocker[]).filter(
      (l) => l.size === 'L' && l.id !== target && l.inService && NEAR.includes(l.siteId),
    );
    for (const l of others)
      expect((await ops('PUT', `/api/ops/lockers/${l.id}/service`, { inService: false })).statusCode).toBe(
        200,
      );
    const inUse = await bookAndPay(t, await shopper(t), { siteId: SITE, size: 'M', durationHours: 1 });
    const opened = await bookingRow(t, inUse.id);
    await t.app.services.bookingCore.deps.transactor.run((tx) =>
      t.app.services.bookingCore.update(tx, opened, { state: 'active', openedAt: t.clock.now() }),
    );

    const paid = async () =>
      (await user.call('GET', `/api/bookings/${later.id}?get_payment_detail=true`)).json().payments[0];
    const { amountPaise } = await paid();
    expect(amountPaise).toBeGreaterThan(0);

    const res = await ops('PUT', `/api/ops/lockers/${target}/service`, { inService: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ moved: [], refunded: [{ bookingId: later.id, amountPaise }] });
    expect((await user.get(later.id)).state).toBe('cancelled');
    const told = await user.heard('userBookingDeleted', later.id, 'outOfService');
    expect(told.data.message).toContain('All you paid');
    await until(async () =>
      expect(await paid()).toMatchObject({ state: 'refunded', refundedPaise: amountPaise }),
    );

    const used = await ops('PUT', `/api/ops/lockers/${inUse.locker!.id}/service`, { inService: false });
    expect(used.json()).toMatchObject({
      moved: [],
      refunded: [],
      staying: [{ bookingId: inUse.id, state: 'active' }],
      locker: { inService: false, booking: { id: inUse.id } },
    });
    for (const id of [target, inUse.locker!.id, ...others.map((l) => l.id)])
      expect((await ops('PUT', `/api/ops/lockers/${id}/service`, { inService: true })).statusCode).toBe(200);
  });

  it('takes a whole site out for repairs: bookings not yet opened go to a near site, else are refunded; none bounced between its lockers', async () => {
    // sattur-road has the railway station 1 km away: its booking moves there, once.
    const near = await bookAndPay(t, user, {
      siteId: 'sattur-road',
      size: 'M',
      durationHours: 1,
      startAt: new Date(t.clock.now().getTime() + 2 * HOUR).toISOString(),
    });
    const closed = await ops('PUT', '/api/ops/locker-sites/sattur-road/service', { inService: false });
    expect(closed.json()).toMatchObject({
      moved: [{ bookingId: near.id, siteId: 'railway-station' }],
      refunded: [],
    });
    await user.heard('bookingStatusChanged', near.id, 'outOfServiceNearby');
    expect(user.named('bookingStatusChanged', near.id)).toHaveLength(1);
    expect((await user.call('DELETE', `/api/bookings/${near.id}`)).statusCode).toBe(200);
    expect(
      (await ops('PUT', '/api/ops/locker-sites/sattur-road/service', { inService: true })).statusCode,
    ).toBe(200);

    // thiruthangal has no public site within reach: its booking is refunded.
    const site = 'thiruthangal';
    const later = await bookAndPay(t, user, {
      siteId: site,
      size: 'M',
      durationHours: 1,
      startAt: new Date(t.clock.now().getTime() + 2 * HOUR).toISOString(),
    });
    const res = await ops('PUT', `/api/ops/locker-sites/${site}/service`, { inService: false });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.lockers).toBeGreaterThan(1);
    expect(answer.moved).toEqual([]);
    expect(answer.refunded).toEqual([{ bookingId: later.id, amountPaise: expect.any(Number) }]);
    expect(user.named('bookingStatusChanged', later.id)).toEqual([]);
    await user.heard('userBookingDeleted', later.id, 'outOfService');
    const there = (await ops('GET', `/api/ops/lockers?siteId=${site}`)).json().lockers as OpsLocker[];
    expect(there.every((l) => !l.inService)).toBe(true);

    const back = await ops('PUT', `/api/ops/locker-sites/${site}/service`, { inService: true });
    expect(back.json()).toMatchObject({ lockers: there.length, moved: [], refunded: [] });
    expect(
      ((await ops('GET', `/api/ops/lockers?siteId=${site}`)).json().lockers as OpsLocker[]).every(
        (l) => l.inService,
      ),
    ).toBe(true);
    expect((await ops('PUT', '/api/ops/locker-sites/nowhere/service', { inService: false })).statusCode).toBe(
      404,
    );
  });

  it('shows a site closed for repairs as closed, until when, to every shopper at once, refuses bookings there, and opens it again', async () => {
    const site = 'bus-stand';
    const heard: Array<{ event: string; data: { siteId?: string } }> = [];
    const stop = await t.ctx.realtime.subscribe(TOPICS.lockerSites, (_topic, payload) => {
      heard.push(JSON.parse(payload.toString()));
    });
    const sites = async () =>
      (await user.call('GET', '/api/locker-locations')).json().sites as Array<{
        id: string;
        closed: { since: string | null; until: string | null } | null;
        sizes: unknown[];
      }>;
    expect((await sites()).find((s) => s.id === site)?.closed).toBeNull();
    const back = new Date(t.clock.now().getTime() + 26 * HOUR).toISOString();
    // An operator cannot say when a site put back will be back.
    expect(
      (await ops('PUT', `/api/ops/locker-sites/${site}/service`, { inService: true, until: back }))
        .statusCode,
    ).toBe(400);
    const res = await ops('PUT', `/api/ops/locker-sites/${site}/service`, { inService: false, until: back });
    expect(res.statusCode, res.body).toBe(200);
    const closed = (await sites()).find((s) => s.id === site)!;
    expect(closed.closed).toEqual({ since: t.clock.now().toISOString(), until: back });
    await until(() => expect(heard).toContainEqual(expect.objectContaining({ event: 'lockerSitesChanged' })));
    expect(heard.at(-1)?.data.siteId).toBe(site);
    // Neither a quote nor a booking is taken there, and the answer says why.
    const quote = await user.call('GET', `/api/bookings/quote?siteId=${site}&size=M&durationHours=1`);
    expect(quote.statusCode).toBe(422);
    expect(quote.json().error).toMatchObject({
      code: 'SiteOutOfService',
      message: expect.stringMatching(/closed for repairs/),
    });
    const book = await user.call('POST', '/api/bookings', { siteId: site, size: 'M', durationHours: 1 });
    expect(book.json().error?.code).toBe('SiteOutOfService');

    // Every locker taken out one by one closes it too, with no date said.
    expect((await ops('PUT', `/api/ops/locker-sites/${site}/service`, { inService: true })).statusCode).toBe(
      200,
    );
    expect((await sites()).find((s) => s.id === site)?.closed).toBeNull();
    const own = (await ops('GET', `/api/ops/lockers?siteId=${site}`)).json().lockers as OpsLocker[];
    for (const l of own) await ops('PUT', `/api/ops/lockers/${l.id}/service`, { inService: false });
    expect((await sites()).find((s) => s.id === site)?.closed).toEqual({ since: null, until: null });
    for (const l of own) await ops('PUT', `/api/ops/lockers/${l.id}/service`, { inService: true });
    expect((await sites()).find((s) => s.id === site)?.closed).toBeNull();
    await stop();
  });

  it('takes a free locker out of service, so no booking gets it', async () => {
    const holding = await bookAndPay(t, user, { siteId: SITE, size: 'S', durationHours: 1 });
    const booked = holding.locker!.id;
    const before = await freeS();
    const free = ((await ops('GET', `/api/ops/lockers?siteId=${SITE}`)).json().lockers as OpsLocker[]).filter(
      (l) => l.size === 'S' && l.id !== booked && l.inService,
    );
    for (const l of free) {
      const res = await ops('PUT', `/api/ops/lockers/${l.id}/service`, { inService: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().locker).toMatchObject({ inService: false, attention: ['out_of_service'] });
    }
    expect(await freeS()).toBe(before - free.length);
    // Every free S locker is out of service: the next request for S waits.
    const next = await user.book({ siteId: SITE, size: 'S', durationHours: 1 });
    expect(next.state).toBe('waitlisted');
    expect((await user.call('DELETE', `/api/bookings/${next.id}`)).statusCode).toBe(200);

    for (const l of free)
      expect((await ops('PUT', `/api/ops/lockers/${l.id}/service`, { inService: true })).statusCode).toBe(
        200,
      );
    expect(await freeS()).toBe(before);
    expect((await user.call('DELETE', `/api/bookings/${holding.id}`)).statusCode).toBe(200);
    for (const inService of [true, false])
      expect((await ops('PUT', '/api/ops/lockers/no-such-locker/service', { inService })).statusCode).toBe(
        404,
      );
  });
});

describe("the operators' console", () => {
  it('is for operators signed in as themselves: sites with their state, lockers and today', async () => {
    const operator = await shopper(t);
    expect((await operator.call('GET', '/api/operator/locker-sites')).statusCode).toBe(403);
    expect((await user.call('POST', '/api/operator/operators', { phone: operator.phone })).statusCode).toBe(
      403,
    );
    await usersService.addOperator(t.ctx.database.db, `91${operator.phone}`, 'test', t.clock.now());

    // A site goes quiet: the console shows it offline, since when.
    await t.ctx.database.db
      .update(lockerSites)
      .set({ offlineSince: t.clock.now() })
      .where(eq(lockerSites.id, 'bus-stand'));
    const booking = await bookAndPay(t, user, { siteId: SITE, size: 'M', durationHours: 1 });
    const res = await operator.call('GET', '/api/operator/locker-sites');
    expect(res.statusCode, res.body).toBe(200);
    const sites = res.json().sites as OpsSite[];
    const station = sites.find((s) => s.id === SITE)!;
    expect(station).toMatchObject({ online: true, offlineSince: null, name: { en: expect.any(String) } });
    expect(station.lockers.booked).toBeGreaterThanOrEqual(1);
    expect(station.today.bookings).toBeGreaterThanOrEqual(1);
    expect(station.today.paidPaise).toBeGreaterThan(0);
    expect(sites.find((s) => s.id === 'bus-stand')).toMatchObject({
      online: false,
      offlineSince: t.clock.now().toISOString(),
    });
    await heartbeatAll(t);

    const lockersThere = await operator.call('GET', `/api/operator/lockers?siteId=${SITE}`);
    expect(lockersThere.json().lockers.find((l: OpsLocker) => l.id === booking.locker!.id)).toMatchObject({
      booking: { id: booking.id },
    });
    // A door opened from afar, with why: in the locker's openings, refused while its site is offline.
    const lockerId = booking.locker!.id;
    expect(
      (await operator.call('POST', `/api/operator/lockers/${lockerId}/open`, { reason: 'no' })).statusCode,
    ).toBe(400);
    const opened = await operator.call('POST', `/api/operator/lockers/${lockerId}/open`, {
      reason: 'Shopper called: bag strap caught in the door',
    });
    expect(opened.statusCode, opened.body).toBe(202);
    const log = (await operator.call('GET', `/api/operator/lockers/${lockerId}/openings`)).json().openings;
    expect(log[0]).toMatchObject({
      id: opened.json().commandId,
      reason: 'ops',
      state: 'sent',
      byOperator: true,
      note: 'Shopper called: bag strap caught in the door',
      bookingId: null,
    });
    const busStand = (await operator.call('GET', '/api/operator/lockers?siteId=bus-stand')).json().lockers[0];
    await t.ctx.database.db
      .update(lockerSites)
      .set({ offlineSince: t.clock.now() })
      .where(eq(lockerSites.id, 'bus-stand'));
    const refused = await operator.call('POST', `/api/operator/lockers/${busStand.id}/open`, {
      reason: 'Testing it',
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toMatchObject({
      code: 'lockerOffline',
      message: expect.stringContaining("technician's key"),
    });
    await heartbeatAll(t);
    expect((await operator.call('GET', '/api/operator/lockers/nope/openings')).statusCode).toBe(404);

    // Background tasks that keep failing, for operators only.
    expect((await operator.call('GET', '/api/operator/timers/dead')).json()).toEqual({
      timers: expect.any(Array),
    });
    expect((await user.call('GET', '/api/operator/timers/dead')).statusCode).toBe(403);

    // One operator names another, with the phone sign-in: no token is handed around.
    const next = await shopper(t);
    expect((await operator.call('POST', '/api/operator/operators', { phone: next.phone })).statusCode).toBe(
      204,
    );
    expect((await next.call('GET', '/api/operator/locker-sites')).statusCode).toBe(200);
    expect((await user.call('DELETE', `/api/bookings/${booking.id}`)).statusCode).toBe(200);
    await operator.stop();
    await next.stop();
  });
});

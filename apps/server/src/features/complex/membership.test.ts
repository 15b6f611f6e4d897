import type { JoinRequest, Membership } from '@petti/shared/schemas/complex';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PHONE,
  admin,
  GREEN_PARK,
  membershipOf,
  ops,
  resident,
  SAKTHI,
} from '../../test/complex-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Shopper, shopper } from '../../test/locker-helpers.ts';
import { notifications } from '../notifications/schema.ts';
import { users } from '../users/schema.ts';

const SAKTHI_SITE = 'sakthi-residency-lockers';

let t: TestApp;
let sakthiAdmin: Shopper;
const stops: Shopper[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  sakthiAdmin = await admin(t, SAKTHI);
  stops.push(sakthiAdmin);
});
afterAll(async () => {
  for (const s of stops) await s.stop();
  await t?.close();
});

const newShopper = async () => {
  const s = await shopper(t);
  stops.push(s);
  return s;
};
const siteIds = async (who: Shopper) =>
  ((await who.call('GET', '/api/locker-locations')).json().sites as Array<{ id: string }>).map((s) => s.id);

describe('finding a complex', () => {
  it('by name or area, case-insensitively, nearest first when a point is given', async () => {
    const who = await newShopper();
    const byName = (await who.call('GET', '/api/complexes?q=SAKTHI')).json().complexes;
    expect(byName.map((c: { id: string }) => c.id)).toEqual([SAKTHI]);
    const byArea = (await who.call('GET', '/api/complexes?q=naranapuram')).json().complexes;
    expect(byArea.map((c: { id: string }) => c.id)).toEqual([GREEN_PARK]);
    // Beside Green Park: it comes first, with its distance.
    const near = (await who.call('GET', '/api/complexes?lat=9.4690&lng=77.8100')).json().complexes;
    expect(near.map((c: { id: string }) => c.id)).toEqual([GREEN_PARK, SAKTHI]);
    expect(near[0].distanceKm).toBeLessThan(0.5);
    expect((await who.call('GET', '/api/complexes?lat=9.46')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/complexes' })).statusCode).toBe(401);
  });
});

describe('joining', () => {
  it('waits for the admin, who approves in the app; the shopper hears it and the complex lockers open to them', async () => {
    const who = await newShopper();
    expect(await membershipOf(who)).toBeNull();
    expect(await siteIds(who)).not.toContain(SAKTHI_SITE);
    // Signed out, complex sites are not offered either.
    const anon = (await t.app.inject({ method: 'GET', url: '/api/locker-locations' })).json().sites;
    expect(anon.map((s: { id: string }) => s.id)).not.toContain(SAKTHI_SITE);
    expect((await who.call('GET', `/api/locker-locations/${SAKTHI_SITE}`)).statusCode).toBe(404);

    const wrongBlock = await who.call('POST', '/api/complex/membership', {
      complexId: SAKTHI,
      block: 'Z',
      flat: 'Z-1',
    });
    expect(wrongBlock.statusCode).toBe(422);
    expect(wrongBlock.json().error.code).toBe('FlatNotInComplex');
    const badFlat = await who.call('POST', '/api/complex/membership', {
      complexId: SAKTHI,
      block: 'A',
      flat: '',
    });
    expect(badFlat.statusCode).toBe(400);

    const asked = await who.call('POST', '/api/complex/membership', {
      complexId: SAKTHI,
      block: 'a',
      flat: 'a-12',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json() as Membership).toMatchObject({
      status: 'pending',
      block: 'A',
      flat: 'A-12',
      role: 'resident',
    });
    const again = await who.call('POST', '/api/complex/membership', {
      complexId: SAKTHI,
      block: 'A',
      flat: 'A-12',
    });
    expect(again.json().error.code).toBe('ComplexMembershipExists');
    // Waiting: nothing to buy or sell yet.
    const waiting = await who.call('GET', '/api/complex/listings');
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json().error.code).toBe('ComplexMembershipPending');

    // The admin heard of it and sees it; a plain resident may not decide.
    await sakthiAdmin.heard('complexJoinRequested');
    const requests = (await sakthiAdmin.call('GET', '/api/complex/admin/requests')).json()
      .requests as JoinRequest[];
    const mine = requests.find((r) => r.userId === who.userId);
    expect(mine).toMatchObject({
      block: 'A',
      flat: 'A-12',
      status: 'pending',
      phoneEnd: who.phone.slice(-4),
    });
    const other = await resident(t, SAKTHI);
    stops.push(other);
    const notAdmin = await other.call('GET', '/api/complex/admin/requests');
    expect(notAdmin.json().error.code).toBe('ComplexAdminOnly');
    expect(
      (await other.call('POST', `/api/complex/admin/requests/${who.userId}`, { decision: 'approve' }))
        .statusCode,
    ).toBe(403);

    const ok = await sakthiAdmin.call('POST', `/api/complex/admin/requests/${who.userId}`, {
      decision: 'approve',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const decided = await who.heard('complexMembershipDecided');
    expect(decided.data).toMatchObject({ status: 'approved', complexId: SAKTHI });
    expect(decided.data.msg).toContain('சக்தி ரெசிடென்சி');
    const notes = await t.ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, who.userId));
    expect(notes.map((n) => n.kind)).toContain('complexMembershipDecided');
    expect(await membershipOf(who)).toMatchObject({ status: 'approved', complexId: SAKTHI });
    expect((await who.call('GET', '/api/complex/listings')).statusCode).toBe(200);
    expect(await siteIds(who)).toContain(SAKTHI_SITE);
    const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, who.userId));
    expect(row).toMatchObject({ complexId: SAKTHI, block: 'A', flat: 'A-12' });
  });

  it('a refusal through the ops API is told with its reason; the shopper may ask again', async () => {
    const who = await newShopper();
    await who.call('POST', '/api/complex/membership', { complexId: GREEN_PARK, block: 'B', flat: 'B-9' });
    const pending = (await ops(t, 'GET', `/api/ops/complexes/${GREEN_PARK}/requests`)).json().requests;
    expect(pending.map((r: JoinRequest) => r.userId)).toContain(who.userId);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/ops/complexes/${GREEN_PARK}/requests` })).statusCode,
    ).toBe(401);
    const no = await ops(t, 'POST', `/api/ops/complexes/${GREEN_PARK}/requests/${who.userId}`, {
      decision: 'refuse',
      note: 'No flat B-9 in our records',
    });
    expect(no.statusCode, no.body).toBe(200);
    const told = await who.heard('complexMembershipDecided');
    expect(told.data.status).toBe('refused');
    expect(told.data.message).toContain('No flat B-9 in our records');
    expect(await membershipOf(who)).toMatchObject({ status: 'refused', note: 'No flat B-9 in our records' });
    expect((await who.call('GET', '/api/complex/listings')).json().error.code).toBe('NotComplexMember');
    const retry = await who.call('POST', '/api/complex/membership', {
      complexId: GREEN_PARK,
      block: 'B',
      flat: 'B-10',
    });
    expect(retry.json()).toMatchObject({ status: 'pending', flat: 'B-10' });
  });

  it('one complex at a time: moving ends the old membership at once; leaving ends it', async () => {
    const who = await resident(t, SAKTHI);
    stops.push(who);
    const moved = await who.call('POST', '/api/complex/membership', {
      complexId: GREEN_PARK,
      block: 'C',
      flat: 'C-3',
    });
    expect(moved.json()).toMatchObject({ complexId: GREEN_PARK, status: 'pending' });
    expect((await who.call('GET', '/api/complex/listings')).json().error.code).toBe(
      'ComplexMembershipPending',
    );
    expect(await siteIds(who)).not.toContain(SAKTHI_SITE);
    await ops(t, 'POST', `/api/ops/complexes/${GREEN_PARK}/requests/${who.userId}`, { decision: 'approve' });
    expect(await siteIds(who)).toContain('green-park-lockers');
    expect((await who.call('DELETE', '/api/complex/membership')).statusCode).toBe(204);
    expect(await membershipOf(who)).toBeNull();
    expect((await who.call('DELETE', '/api/complex/membership')).statusCode).toBe(404);
    expect(await siteIds(who)).not.toContain('green-park-lockers');
  });

  it('the demo shopper and each complex admin are approved members from the start', async () => {
    expect(await membershipOf(sakthiAdmin)).toMatchObject({
      status: 'approved',
      role: 'admin',
      complexId: SAKTHI,
    });
    const demo = await shopper(t, { phone: '919876543210' });
    stops.push(demo);
    expect(await membershipOf(demo)).toMatchObject({ status: 'approved', role: 'resident', flat: 'A-101' });
    const listings = (await demo.call('GET', '/api/complex/listings')).json().listings;
    expect(listings.length).toBeGreaterThan(3);
    expect(ADMIN_PHONE[GREEN_PARK]).toBeTruthy();
  });
});

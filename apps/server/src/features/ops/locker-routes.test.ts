import type { OpsLocker } from '@petti/shared/schemas/ops';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { bookAndPay, heartbeatAll, type Shopper, shopper } from '../../test/locker-helpers.ts';
import { lockers } from '../lockers/schema.ts';

const SITE = 'railway-station';

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

  it('takes a free locker out of service, so no booking gets it, and refuses one that is booked', async () => {
    const booking = await bookAndPay(t, user, { siteId: SITE, size: 'S', durationHours: 1 });
    const booked = booking.locker!.id;
    const refused = await ops('PUT', `/api/ops/lockers/${booked}/service`, { inService: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'LockerInUse',
      bookings: [{ id: booking.id, state: 'reserved' }],
    });

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
    expect(
      (await ops('PUT', '/api/ops/lockers/no-such-locker/service', { inService: true })).statusCode,
    ).toBe(404);
  });
});

import { SiteController } from '@petti/simulators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { bookAndPay, heartbeatAll, MIN, shopper, until } from '../../test/locker-helpers.ts';
import { lockerSites, lockers } from './schema.ts';

// The simulator inside the server (as `npm start` runs it), over real MQTT on the embedded broker:
// device sign-in, topic rules, heartbeats, keypad, doors and faults, end to end.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    broker: 'embedded',
    env: { AUTH_IP_CODES_PER_HOUR: '10000', LOCKER_SIM: 'true', LOCKER_SIM_DOOR_CLOSE_SECONDS: '0.2' },
  });
  // Each simulated controller says hello on connect.
  await until(async () => {
    const sites = await t.ctx.database.db.select().from(lockerSites);
    expect(sites.every((s) => s.lastHeartbeatAt !== null)).toBe(true);
  });
});
afterAll(() => t?.close());

const devPost = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/dev/locker-sim/${url}`, payload });
const doorOf = async (id: string) =>
  (await t.ctx.database.db.select().from(lockers).where(eq(lockers.id, id)))[0]!.doorState;

describe('the locker simulator inside the server', () => {
  it('opens a locker with the PIN typed on its keypad: the booking turns active live, the door closes again', async () => {
    const u = await shopper(t);
    const b = await bookAndPay(t, u, { siteId: 'bus-stand', size: 'M', durationHours: 2 });
    expect(b.state).toBe('reserved');
    const typed = await devPost('keypad', { siteId: 'bus-stand', pin: b.pin });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toEqual({ ok: true, lockerId: b.locker!.id });
    await u.heard('bookingStatusChanged', b.id, 'opened');
    expect((await u.heard('unlockStatus', b.id)).data).toMatchObject({ ok: true, via: 'keypad' });
    expect((await u.get(b.id)).state).toBe('active');
    await until(async () => expect(await doorOf(b.locker!.id)).toBe('closed'));
    // The old PIN is spent.
    expect((await devPost('keypad', { siteId: 'bus-stand', pin: b.pin })).json()).toMatchObject({
      ok: false,
      reason: 'unknown_pin',
    });

    // Open from the app: the command reaches the simulated controller, which opens the door.
    const unlock = await u.call('POST', `/api/bookings/${b.id}/unlock`);
    expect(unlock.statusCode).toBe(202);
    const ok = await until(() => {
      const s = u.named('unlockStatus', b.id).find((e) => e.data.via === 'remote');
      expect(s).toBeDefined();
      return s!;
    });
    expect(ok.data.ok).toBe(true);
    const status = (await t.app.inject({ method: 'GET', url: '/api/dev/locker-sim' })).json();
    expect(status.sites.find((s: { siteId: string }) => s.siteId === 'bus-stand')).toMatchObject({
      online: true,
    });

    const ended = await u.call('POST', `/api/bookings/${b.id}/end`);
    expect(ended.json().state).toBe('ended');
    const history = await u.call('GET', '/api/bookings?period=past');
    expect(history.json().data.map((x: { id: string }) => x.id)).toContain(b.id);
  });

  it('answers 404 in the usual shape for a site it does not play, at the keypad and for a fault', async () => {
    for (const [url, payload] of [
      ['keypad', { siteId: 'nosuch-site', pin: '123456' }],
      ['fault', { siteId: 'nosuch-site', kind: 'offline' }],
    ] as const) {
      const res = await devPost(url, payload);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({
        error: { code: 'ResourceNotFound', message: 'The locker simulator has no site nosuch-site.' },
      });
    }
  });

  it('injects faults: a forced door raises attention, an offline site is reported and opens nothing from afar', async () => {
    const u = await shopper(t);
    const b = await bookAndPay(t, u, { siteId: 'railway-station', size: 'S', durationHours: 2 });
    expect(
      (await devPost('fault', { siteId: 'railway-station', kind: 'force', lockerId: b.locker!.id }))
        .statusCode,
    ).toBe(204);
    await u.heard('attentionRequired', b.id, 'forced');

    expect((await devPost('fault', { siteId: 'railway-station', kind: 'offline' })).statusCode).toBe(204);
    t.clock.advance(91_000);
    await t.app.services.jobs.runDueJobs();
    await u.heard('lockerOffline', b.id, 'booking');
    // Cut off, the controller decides by itself (lockers/offline-pins.test.ts has the rules); it never
    // got this booking's PIN (the list timer has not run), so the PIN is unknown to it.
    expect((await devPost('keypad', { siteId: 'railway-station', pin: b.pin })).json()).toMatchObject({
      ok: false,
      reason: 'unknown_pin',
      offline: true,
    });
    const unlock = await u.call('POST', `/api/bookings/${b.id}/unlock`);
    expect(unlock.json().error.code).toBe('lockerOffline');
    expect((await devPost('fault', { siteId: 'railway-station', kind: 'online' })).statusCode).toBe(204);
    await until(async () => {
      const site = (
        await t.app.inject({ method: 'GET', url: '/api/locker-locations/railway-station' })
      ).json();
      expect(site.online).toBe(true);
    });
  });

  it('keeps a door open when told to, which raises attention after 2 minutes', async () => {
    // The test clock jumped ahead in the last test; the simulator beats in real time (every 30 s).
    await heartbeatAll(t);
    const u = await shopper(t);
    const b = await bookAndPay(t, u, { siteId: 'thiruthangal', size: 'S', durationHours: 2 });
    await devPost('fault', { siteId: 'thiruthangal', kind: 'leave-open', lockerId: b.locker!.id });
    expect((await devPost('keypad', { siteId: 'thiruthangal', pin: b.pin })).json().ok).toBe(true);
    await until(async () => expect(await doorOf(b.locker!.id)).toBe('open'));
    await new Promise((r) => setTimeout(r, 400)); // longer than the simulated doors' 0.2 s
    expect(await doorOf(b.locker!.id)).toBe('open');
    t.clock.advance(2 * MIN);
    await heartbeatAll(t);
    await t.app.services.jobs.runDueJobs();
    await u.heard('attentionRequired', b.id, 'door_left_open');
  });

  it('runs standalone against any broker URL with the device credentials (here: WebSocket /mqtt)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    const controller = new SiteController({
      siteId: 'ajna-college',
      broker: { url: `ws://127.0.0.1:${port}/mqtt` },
      deviceKey: t.ctx.config.DEVICE_KEY,
      heartbeatMs: 30_000,
      doorCloseMs: 100,
    });
    await controller.start();
    await heartbeatAll(t);
    try {
      const u = await shopper(t);
      const b = await bookAndPay(t, u, { siteId: 'ajna-college', size: 'S', durationHours: 1 });
      const result = await controller.typePin(b.pin!);
      expect(result).toMatchObject({ ok: true, lockerId: b.locker!.id });
      await u.heard('bookingStatusChanged', b.id, 'opened');
      // A wrong device key is refused by the broker.
      const impostor = new SiteController({
        siteId: 'ajna-college',
        broker: { url: `ws://127.0.0.1:${port}/mqtt` },
        deviceKey: 'not-the-right-device-key',
        heartbeatMs: 30_000,
        doorCloseMs: 100,
      });
      await expect(impostor.start()).rejects.toThrow(/Bad username or password|Not authorized|bad user/i);
      await impostor.stop();
    } finally {
      await controller.stop();
    }
  });
});

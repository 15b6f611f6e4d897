import type { ControllerStateMessage } from '@petti/shared';
import { derivedPin, derivedWindow, isDerivedFormat, sitePinKey } from '@petti/shared/node/offline-pins';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timers } from '../../platform/jobs/schema.ts';
import { buildTestApp, openTestDatabase, type TestApp } from '../../test/helper.ts';
import {
  advance,
  bookAndPay,
  bookingRow,
  HOUR,
  heartbeatAll,
  MIN,
  shopper,
  until,
} from '../../test/locker-helpers.ts';
import { PIN_LIST_TIMER } from './pin-board.ts';
import { keypadRequests, lockerCommands, lockerOfflineEntries, lockers } from './schema.ts';

// Lockers that keep opening while their site cannot reach the server (docs/locker-protocol.md#offline):
// the simulated controllers inside the server, over the embedded broker, on the test's clock.

type OfflineMessage = Extract<ControllerStateMessage, { type: 'offline' }>;
const SITE = 'bus-stand';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    broker: 'embedded',
    env: { AUTH_IP_CODES_PER_HOUR: '10000', LOCKER_SIM: 'true', LOCKER_SIM_DOOR_CLOSE_SECONDS: '0.1' },
  });
  await until(() => expect(controller().isOnline).toBe(true));
});
afterAll(() => t?.close());

const controller = () => t.ctx.lockerSim!.current!.controller(SITE);
const devPost = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/dev/locker-sim/${url}`, payload });
const commandsOf = (bookingId: string) =>
  t.ctx.database.db.select().from(lockerCommands).where(eq(lockerCommands.bookingId, bookingId));

/** The controller has the site's PINs as they are now (the list timer ran and reached it). */
async function listed() {
  const c = controller();
  const got = new Promise<void>((resolve) => {
    const on = (cmd: { type: string }) => {
      if (cmd.type !== 'pins') return;
      c.off('command', on);
      resolve();
    };
    c.on('command', on);
  });
  await t.app.services.jobs.runDueJobs();
  await until(() => got, 3000);
}

/** The site is cut off, and the server has noticed (no heartbeat for 90 s). */
async function cutOff() {
  expect((await devPost('fault', { siteId: SITE, kind: 'offline' })).statusCode).toBe(204);
  await advance(t, 91_000, { heartbeat: false });
}

/** Back: the controller reconnects, beats and replays its log; the server acknowledges each entry. */
async function reconnect() {
  expect((await devPost('fault', { siteId: SITE, kind: 'online' })).statusCode).toBe(204);
  await until(() => expect(controller().pendingLog).toHaveLength(0), 5000);
}

describe('a site cut off from the server', () => {
  it('opens a listed PIN by itself; back online, the opening is applied once, at its real time', async () => {
    await heartbeatAll(t);
    const u = await shopper(t);
    const b = await bookAndPay(t, u, { siteId: SITE, size: 'M', durationHours: 2 });
    await listed();
    await cutOff();
    const openedAt = t.clock.now();
    const typed = await devPost('keypad', { siteId: SITE, pin: b.pin });
    expect(typed.json()).toEqual({ ok: true, lockerId: b.locker!.id, offline: true });
    // The door opened and closed again while nobody could tell the server.
    await until(() =>
      expect(controller().pendingLog.map((e) => e.event.kind)).toEqual(['pin', 'door', 'door']),
    );
    const log = controller().pendingLog.map((e) => ({ ...e, type: 'offline' as const }));
    expect(JSON.stringify(log)).not.toContain(b.pin!);
    expect((await bookingRow(t, b.id)).state).toBe('reserved');

    t.clock.advance(20 * MIN);
    await reconnect();
    const row = await until(async () => {
      const r = await bookingRow(t, b.id);
      expect(r.state).toBe('active');
      return r;
    });
    // The history has the real time of the opening, not the time the server heard of it.
    expect(row.openedAt).toEqual(openedAt);
    expect(row.pin).not.toBe(b.pin);
    await u.heard('bookingStatusChanged', b.id, 'opened');
    await u.heard('dynamicPinChanged', b.id, 'rotated');
    const opens = await commandsOf(b.id);
    expect(opens).toMatchObject([
      { reason: 'keypad', state: 'opened', note: 'offline', createdAt: openedAt },
    ]);

    // Replayed again (a lost acknowledgement, a second process), in reverse order: nothing moves twice.
    for (const entry of [...log].reverse())
      expect(await t.app.services.lockerDevices.replay(SITE, entry as OfflineMessage)).toBe('seen');
    expect(await commandsOf(b.id)).toHaveLength(1);
    expect((await bookingRow(t, b.id)).pin).toBe(row.pin);
  });

  it('applies door reports by their own times, whatever order they come in', async () => {
    const lockerId = 'bus-stand-S01';
    const at = (m: number) => new Date(t.clock.now().getTime() - m * MIN).toISOString();
    const entry = (
      id: string,
      seq: number,
      minutesAgo: number,
      state: 'open' | 'closed',
    ): OfflineMessage => ({
      type: 'offline',
      entryId: `order-${id}`,
      seq,
      at: at(minutesAgo),
      event: { kind: 'door', lockerId, state },
    });
    await t.app.services.lockerDevices.replay(SITE, entry('b', 2, 3, 'closed'));
    await t.app.services.lockerDevices.replay(SITE, entry('a', 1, 5, 'open'));
    const [l] = await t.ctx.database.db.select().from(lockers).where(eq(lockers.id, lockerId));
    expect(l).toMatchObject({ doorState: 'closed', doorChangedAt: new Date(at(3)) });
    // A controller's clock ahead of the server's is never believed past now.
    await t.app.services.lockerDevices.replay(SITE, {
      ...entry('c', 3, -60, 'closed'),
      event: { kind: 'pin', ok: false, reason: 'unknown_pin' },
    });
    const [kept] = await t.ctx.database.db
      .select()
      .from(lockerOfflineEntries)
      .where(and(eq(lockerOfflineEntries.siteId, SITE), eq(lockerOfflineEntries.entryId, 'order-c')));
    expect(kept!.at.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  it('takes a booking while offline, with a PIN the keypad checks by computation alone', async () => {
    await heartbeatAll(t);
    const u = await shopper(t);
    await listed();
    await cutOff();
    const site = (await t.app.inject({ method: 'GET', url: `/api/locker-locations/${SITE}` })).json();
    expect(site).toMatchObject({ online: false, bookableOffline: true });
    const b = await bookAndPay(t, u, { siteId: SITE, size: 'M', durationHours: 1 });
    expect(b.state).toBe('reserved');
    expect(isDerivedFormat(b.pin!)).toBe(true);
    // The app cannot open it from afar: the site is out of reach.
    const unlock = await u.call('POST', `/api/bookings/${b.id}/unlock`);
    expect(unlock.json().error.code).toBe('lockerOffline');

    const openedAt = t.clock.now();
    expect((await devPost('keypad', { siteId: SITE, pin: b.pin })).json()).toEqual({
      ok: true,
      lockerId: b.locker!.id,
      offline: true,
    });
    // The hour it was booked for ends: never opened, as far as the server knows, so it waits to hear.
    await advance(t, 2 * HOUR, { heartbeat: false });
    expect((await bookingRow(t, b.id)).state).toBe('reserved');
    await reconnect();
    await until(async () => expect(await bookingRow(t, b.id)).toMatchObject({ state: 'active', openedAt }));
    // Its time is over and it was used: the overstay starts, as for any booking in use.
    await advance(t, 6 * MIN);
    expect((await bookingRow(t, b.id)).state).toBe('expired');
  });

  it('tells a shopper who cancels a booking while the site is offline that the old PIN still opens until its end', async () => {
    await heartbeatAll(t);
    const u = await shopper(t);
    const b = await bookAndPay(t, u, { siteId: SITE, size: 'M', durationHours: 2 });
    await listed();
    await cutOff();
    expect((await u.call('DELETE', `/api/bookings/${b.id}`)).json().booking.state).toBe('cancelled');
    const told = await u.heard('lockerOffline', b.id, 'pinStillWorks');
    expect(told.data.pinWorksUntil).toBe(b.pinExpiresAt);
    // And it does: the keypad cannot know. Back online, the opening is logged, the booking stays cancelled.
    expect((await devPost('keypad', { siteId: SITE, pin: b.pin })).json()).toMatchObject({
      ok: true,
      offline: true,
    });
    await reconnect();
    expect((await bookingRow(t, b.id)).state).toBe('cancelled');
    expect(await commandsOf(b.id)).toMatchObject([{ note: 'offline' }]);
    // Once the site is back its list no longer has the PIN.
    await listed();
    await cutOff();
    expect((await devPost('keypad', { siteId: SITE, pin: b.pin })).json()).toMatchObject({
      ok: false,
      offline: true,
    });
    await reconnect();
  });

  it('never opens a locker that held things at the cut with a derived code, even once its booking ran out', async () => {
    await heartbeatAll(t);
    const u = await shopper(t);
    const b = await bookAndPay(t, u, { siteId: SITE, size: 'L', durationHours: 1 });
    expect((await devPost('keypad', { siteId: SITE, pin: b.pin })).json()).toMatchObject({ ok: true });
    await until(async () => expect((await bookingRow(t, b.id)).state).toBe('active'));
    await listed();
    await cutOff();
    // Its hour runs out during the outage, its things still inside: the keypad's list no longer opens
    // it, and a derived code made for that locker now is what a guesser would need.
    await advance(t, 2 * HOUR, { heartbeat: false });
    const order = (
      await t.ctx.database.db
        .select({ id: lockers.id })
        .from(lockers)
        .where(eq(lockers.siteId, SITE))
        .orderBy(asc(lockers.id))
    ).map((l) => l.id);
    const w = derivedWindow(t.clock.now(), new Date(t.clock.now().getTime() + HOUR));
    const guess = derivedPin(sitePinKey(t.ctx.config.DEVICE_KEY, SITE), order.indexOf(b.locker!.id), w);
    expect((await devPost('keypad', { siteId: SITE, pin: guess })).json()).toEqual({
      ok: false,
      reason: 'unknown_pin',
      offline: true,
    });
    await reconnect();
  });

  it('closes the keypad at the fourth wrong PIN of the day while offline, and the server counts them once back', async () => {
    const site = 'thiruthangal';
    const sim = () => t.ctx.lockerSim!.current!.controller(site);
    await heartbeatAll(t);
    const u = await shopper(t);
    const b = await bookAndPay(t, u, { siteId: site, size: 'S', durationHours: 4 });
    await t.app.services.jobs.runDueJobs();
    await until(() => expect(sim().pinBookings).toContain(b.id));
    expect((await devPost('fault', { siteId: site, kind: 'offline' })).statusCode).toBe(204);
    await advance(t, 91_000, { heartbeat: false });
    const type = (pin: string) => devPost('keypad', { siteId: site, pin }).then((r) => r.json());
    for (const [i, guess] of ['1000012345', '1000023456', '100003'].entries()) {
      expect(await type(guess), `guess ${i}`).toMatchObject({ ok: false, offline: true });
      await advance(t, 6 * MIN, { heartbeat: false });
    }
    expect(await type('100004')).toMatchObject({ ok: false, reason: 'unknown_pin' });
    // Closed: even the right PIN is refused until the site is back, however long that takes.
    await advance(t, 3 * HOUR, { heartbeat: false });
    expect(await type(b.pin!)).toMatchObject({ ok: false, reason: 'locked_out', offline: true });
    expect((await devPost('fault', { siteId: site, kind: 'online' })).statusCode).toBe(204);
    await until(() => expect(sim().pendingLog).toHaveLength(0), 5000);
    const wrongs = await t.ctx.database.db
      .select()
      .from(keypadRequests)
      .where(and(eq(keypadRequests.siteId, site), eq(keypadRequests.ok, false)));
    expect(wrongs.filter((w) => w.requestId.startsWith('offline:'))).toHaveLength(4);
    const sites = (
      await t.app.inject({
        method: 'GET',
        url: '/api/ops/locker-sites',
        headers: { 'x-ops-token': t.ctx.config.OPS_TOKEN },
      })
    ).json().sites as Array<{ id: string; keypad: { wrongs: number } }>;
    expect(sites.find((s) => s.id === site)?.keypad.wrongs).toBe(4);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/ops/locker-sites/${site}/keypad/reopen`,
          headers: { 'x-ops-token': t.ctx.config.OPS_TOKEN },
        })
      ).json().keypad,
    ).toMatchObject({ state: 'open', wrongs: 0 });
  });

  it('refuses a booking at a site not heard from for more than 6 hours', async () => {
    await heartbeatAll(t);
    const u = await shopper(t);
    await cutOff();
    await advance(t, 6 * HOUR, { heartbeat: false });
    const refused = await u.call('POST', '/api/bookings', { siteId: SITE, size: 'S', durationHours: 1 });
    expect(refused.json().error.code).toBe('lockerOffline');
    await reconnect();
  });
});

describe("a site's PIN list", () => {
  it('goes out once for a burst of changes: the first list timer takes the others due with it', async () => {
    const db = t.ctx.database.db;
    const pins = t.app.services.lockerDevices.pins;
    const pending = () =>
      db
        .select()
        .from(timers)
        .where(and(eq(timers.kind, PIN_LIST_TIMER), eq(timers.siteId, 'sattur-road')));
    const already = (await pending()).length;
    for (let i = 0; i < 3; i++) await pins.changed(db, 'sattur-road');
    expect(await pending()).toHaveLength(already + 3);
    const sent: unknown[] = [];
    const off = await t.ctx.realtime.subscribe('lockers/sattur-road/commands', (_topic, payload) => {
      const cmd = JSON.parse(payload.toString()) as { type: string };
      if (cmd.type === 'pins') sent.push(cmd);
    });
    try {
      await t.app.services.jobs.runDueJobs();
      expect(await pending()).toHaveLength(0);
      await until(() => expect(sent).toHaveLength(1));
      await new Promise((r) => setTimeout(r, 200));
      expect(sent).toHaveLength(1);
    } finally {
      await off();
    }
  });
});

describe('an offline log replayed after the server restarted', () => {
  it('is applied once: the record of what was applied outlives the process', async () => {
    const database = await openTestDatabase();
    const kept = { ...database, close: async () => {} };
    const entry: OfflineMessage = {
      type: 'offline',
      entryId: 'restart-1',
      seq: 0,
      at: '2026-11-20T04:00:00.000Z',
      event: { kind: 'door', lockerId: 'bus-stand-S02', state: 'forced' },
    };
    const first = await buildTestApp({ database: kept });
    expect(await first.app.services.lockerDevices.replay(SITE, entry)).toBe('applied');
    await first.close();
    const second = await buildTestApp({ database });
    try {
      expect(await second.app.services.lockerDevices.replay(SITE, entry)).toBe('seen');
      const rows = await second.ctx.database.db
        .select()
        .from(lockerOfflineEntries)
        .where(eq(lockerOfflineEntries.entryId, 'restart-1'));
      expect(rows).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

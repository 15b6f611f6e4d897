import type { Booking, EventPayload, Payment } from '@petti/shared';
import { TOPICS } from '@petti/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { bookings } from '../features/bookings/schema.ts';
import { lockerSites } from '../features/lockers/schema.ts';
import { users } from '../features/users/schema.ts';
import { CLIENT_ID, signInUser, signUpUser } from './auth-helpers.ts';
import type { TestApp } from './helper.ts';
import { confirm, payAtTestpay } from './payment-helpers.ts';

/** Waits (polling) until `check` stops throwing; events travel through the broker asynchronously. */
export async function until<T>(check: () => T | Promise<T>, ms = 3000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

/** Every site's controller says it is alive (as a heartbeat message would). */
export async function heartbeatAll(t: TestApp): Promise<void> {
  const sites = await t.ctx.database.db.select({ id: lockerSites.id }).from(lockerSites);
  for (const s of sites) await t.app.services.lockerDevices.heartbeat(s.id);
}

/** Moves the clock on, keeps the sites alive (unless told not to) and fires every timer now due. */
export async function advance(t: TestApp, ms: number, options: { heartbeat?: boolean } = {}): Promise<void> {
  t.clock.advance(ms);
  if (options.heartbeat ?? true) await heartbeatAll(t);
  await t.app.services.jobs.runDueJobs();
}

export const MIN = 60_000;
export const HOUR = 3_600_000;

/** A signed-up user with a client for the booking API, who hears their own events. */
export async function shopper(
  t: TestApp,
  options: { complexId?: string; sessionId?: string; phone?: string } = {},
) {
  const user = options.phone ? await signInUser(t.app, options.phone) : await signUpUser(t.app);
  if (options.complexId)
    await t.ctx.database.db
      .update(users)
      .set({ complexId: options.complexId })
      .where(eq(users.id, user.userId));
  const events: EventPayload[] = [];
  const stop = await t.ctx.realtime.subscribe(TOPICS.userEvents(user.userId), (_topic, payload) => {
    events.push(JSON.parse(payload.toString()) as EventPayload);
  });
  const sessionId = options.sessionId ?? `device-${user.userId.slice(0, 8)}`;
  const headers = {
    authorization: `Bearer ${user.tokens.accessToken}`,
    'x-client-id': CLIENT_ID,
    'x-session-id': sessionId,
  };
  const tokens = { ...user.tokens };
  /** Calls the API; when the test clock has run past the access token's life, refreshes it first. */
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    extra?: Record<string, string>,
  ) => {
    const send = () =>
      t.app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload ? { payload } : {}) });
    const res = await send();
    if (res.statusCode !== 401) return res;
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: tokens.refreshToken },
    });
    if (refreshed.statusCode !== 200) return res;
    Object.assign(tokens, refreshed.json());
    headers.authorization = `Bearer ${tokens.accessToken}`;
    return send();
  };
  const named = (name: string, bookingId?: string) =>
    events.filter((e) => e.event === name && (!bookingId || e.data.bookingId === bookingId));
  return {
    ...user,
    tokens,
    sessionId,
    headers,
    events,
    stop,
    call,
    /** Names of the events heard so far (for one booking, if given). */
    names: (bookingId?: string) =>
      events.filter((e) => !bookingId || e.data.bookingId === bookingId).map((e) => e.event),
    named,
    /** Waits for an event (for one booking, with `data.reason` if given) and answers the last one. */
    heard: (name: string, bookingId?: string, reason?: string) =>
      until(() => {
        const found = named(name, bookingId).filter((e) => !reason || e.data.reason === reason);
        expect(found.length, `event ${name}`).toBeGreaterThan(0);
        return found.at(-1)!;
      }),
    async book(body: Record<string, unknown>, extra?: Record<string, string>) {
      const res = await call('POST', '/api/bookings', body, extra);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Booking;
    },
    async get(id: string) {
      const res = await call('GET', `/api/bookings/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Booking;
    },
    /** Pays a payment through testpay and confirms it, as the app does after checkout. */
    async pay(payment: Payment | Booking['payment'], outcome: 'success' | 'failure' = 'success') {
      const p = await payAtTestpay(t, payment as Payment, outcome);
      const { row: _row, ...body } = p;
      await call('GET', '/api/me'); // refreshes the token if the clock ran past it
      const res = await confirm(t, tokens.accessToken, (payment as Payment).id, body);
      await t.app.services.outbox.flush();
      return res;
    },
  };
}
export type Shopper = Awaited<ReturnType<typeof shopper>>;

/** Books and pays: answers the booking once reserved (or scheduled). */
export async function bookAndPay(_t: TestApp, who: Shopper, body: Record<string, unknown>): Promise<Booking> {
  const held = await who.book(body);
  expect(held.state, JSON.stringify(held)).toBe('awaiting_payment');
  const res = await who.pay(held.payment!);
  expect(res.statusCode, res.body).toBe(200);
  return who.get(held.id);
}

export async function bookingRow(t: TestApp, id: string) {
  const [row] = await t.ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

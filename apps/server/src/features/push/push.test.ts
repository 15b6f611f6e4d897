import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { advance, bookAndPay, heartbeatAll, MIN, shopper, until } from '../../test/locker-helpers.ts';
import { addAddress, line, placed } from '../../test/order-helpers.ts';
import { pushBrowser, startPushService } from '../../test/push-service.ts';
import { shopMember } from '../../test/shop-helpers.ts';
import { pushSubscriptions } from './schema.ts';
import { loadVapidKeys } from './vapid.ts';

// 04:30 UTC = 10:00 in Sivakasi.
const SHOP = 'sri-murugan-stores';
let t: TestApp;
let pushes: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  pushes = await startPushService();
  t = await buildTestApp({ now: '2026-11-20T04:30:00.000Z' });
});
afterAll(async () => {
  await t.close();
  await pushes.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? authHeaders(token) : {}, payload: payload as object });

async function subscribe(token: string, path: string) {
  const browser = pushBrowser();
  const endpoint = pushes.endpoint(path);
  const res = await inject('POST', '/api/push/subscriptions', token, { endpoint, keys: browser.keys });
  expect(res.statusCode, res.body).toBe(204);
  return { browser, endpoint };
}

/** Adds an alert-worthy notification as a feature would, in a transaction, and runs the timers. */
async function notify(userId: string, kind: string, data: Record<string, unknown> = {}) {
  const { notifications } = t.app.services;
  const id = await t.ctx.database.db.transaction((tx) =>
    notifications.add(tx, { userId, kind, title: { en: 'T', ta: 'த' }, body: { en: 'B', ta: 'ப' }, data }),
  );
  await t.app.services.jobs.runDueJobs();
  return id;
}

describe('alerts outside the app (Web Push)', () => {
  it('reminds a shopper 15 minutes before their locker time ends, encrypted for their browser and signed', async () => {
    await heartbeatAll(t);
    const u = await shopper(t);
    const { browser, endpoint } = await subscribe(u.tokens.accessToken, `push/${u.userId}`);
    const b = await bookAndPay(t, u, { siteId: 'bus-stand', size: 'S', durationHours: 1 });
    const before = pushes.received.length;
    await advance(t, 45 * MIN - 1000);
    expect(pushes.received.length, 'nothing before the reminder is due').toBe(before);
    await advance(t, 2000);
    await t.app.services.jobs.runDueJobs();
    const message = (await until(() => pushes.received.find((m) => m.path === `/push/${u.userId}`)))!;

    const payload = pushes.open(message, browser) as Record<string, unknown>;
    expect(payload).toMatchObject({
      alert: 'lockerEnding',
      title: { en: 'Locker time ending soon', ta: expect.stringMatching(/[\u0B80-\u0BFF]/) },
      url: `/booking/bus-stand?booking=${b.id}`,
    });
    expect((payload.body as { en: string }).en).toContain('Bus Stand');
    expect(message.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '900', urgency: 'high' });
    expect(message.headers.topic).toBe(payload.id);

    // The VAPID signature (RFC 8292): a JWT for this push service's origin, by the key the app subscribed with.
    const { publicKey } = (await inject('GET', '/api/push/key')).json();
    const auth = /^vapid t=([^,]+), k=(.+)$/.exec(String(message.headers.authorization));
    expect(auth?.[2]).toBe(publicKey);
    const raw = Buffer.from(publicKey, 'base64url');
    const key = await importJWK({
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
      alg: 'ES256',
    });
    const { payload: claims } = await jwtVerify(auth![1]!, key, { currentDate: new Date() });
    expect(claims.aud).toBe(pushes.origin);
    expect(claims.sub).toMatch(/^mailto:/);
    expect(new URL(endpoint).origin).toBe(pushes.origin);
  });

  it('sends nothing for an alert the shopper turned off, and again once turned back on', async () => {
    const u = await signUpUser(t.app);
    const token = u.tokens.accessToken;
    const { browser } = await subscribe(token, `push/prefs-${u.userId}`);
    const prefs = (await inject('GET', '/api/push/preferences', token)).json();
    expect(Object.values(prefs.alerts).every(Boolean)).toBe(true);
    const off = await inject('PUT', '/api/push/preferences', token, {
      alerts: { ...prefs.alerts, refund: false },
    });
    expect(off.json().alerts.refund).toBe(false);

    const count = () => pushes.received.filter((m) => m.path === `/push/prefs-${u.userId}`).length;
    await notify(u.userId, 'paymentRefunded', { paymentId: 'p1' });
    expect(count()).toBe(0);
    // Not an alert at all: the inbox only.
    await notify(u.userId, 'orderPacked', { orderId: 'o1' });
    expect(count()).toBe(0);

    await inject('PUT', '/api/push/preferences', token, { alerts: { ...prefs.alerts, refund: true } });
    await notify(u.userId, 'paymentRefunded', { paymentId: 'p1' });
    expect(count()).toBe(1);
    const last = pushes.received.filter((m) => m.path === `/push/prefs-${u.userId}`).at(-1)!;
    expect(pushes.open(last, browser)).toMatchObject({ alert: 'refund', url: '/bookings?receipt=p1' });
  });

  it("alerts each member of a shop to a new paid order, opening the shop's board; not someone removed", async () => {
    const buyer = await shopper(t);
    const staff = await shopMember(t, SHOP, 'staff');
    const owner = await shopMember(t, SHOP, 'owner');
    const leaving = await shopMember(t, SHOP, 'staff');
    const { browser } = await subscribe(staff.tokens.accessToken, `push/shop-${staff.userId}`);
    await subscribe(leaving.tokens.accessToken, `push/shop-${leaving.userId}`);
    const gone = await owner.call('DELETE', `/api/shops/${SHOP}/members/91${leaving.phone}`);
    expect(gone.statusCode, gone.body).toBe(204);
    const addressId = await addAddress(t, buyer.userId, { lat: 9.456, lng: 77.8 });
    const order = await placed(buyer, {
      sellerId: SHOP,
      items: [await line(t, 'murugan-ponni-raw-rice-10kg', 1)],
      deliveryType: 'home',
      addressId,
    });
    await t.app.services.jobs.runDueJobs();
    const message = (await until(() =>
      pushes.received.find((m) => m.path === `/push/shop-${staff.userId}`),
    ))!;
    expect(pushes.open(message, browser)).toMatchObject({
      alert: 'shopOrders',
      url: `/shop/${SHOP}`,
      title: { en: expect.any(String), ta: expect.stringMatching(/[\u0B80-\u0BFF]/) },
    });
    expect(order.state).toBe('placed');
    expect(pushes.received.some((m) => m.path === `/push/shop-${leaving.userId}`)).toBe(false);
    for (const who of [buyer, staff, owner, leaving]) await who.stop();
  });

  it('drops a subscription its push service no longer knows', async () => {
    const u = await signUpUser(t.app);
    const { endpoint } = await subscribe(u.tokens.accessToken, `gone/${u.userId}`);
    await notify(u.userId, 'complexMembershipDecided', { complexId: 'sakthi-residency' });
    const rows = await t.ctx.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toEqual([]);
  });

  it('sends nothing to a browser whose session signed out', async () => {
    const u = await signUpUser(t.app);
    const token = u.tokens.accessToken;
    await subscribe(token, `push/out-${u.userId}`);
    const out = await inject('POST', '/api/auth/sign-out', token);
    expect(out.statusCode, out.body).toBe(204);
    const rows = await t.ctx.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, u.userId));
    expect(rows).toEqual([]);
    await notify(u.userId, 'complexMembershipDecided', {});
    expect(pushes.received.filter((m) => m.path === `/push/out-${u.userId}`)).toEqual([]);
  });

  it('follows a browser that renewed its subscription, vouched for by the old endpoint only', async () => {
    const u = await signUpUser(t.app);
    const { endpoint: oldEndpoint } = await subscribe(u.tokens.accessToken, `push/old-${u.userId}`);
    const renewed = pushBrowser();
    const subscription = { endpoint: pushes.endpoint(`push/new-${u.userId}`), keys: renewed.keys };
    const unknown = await inject('POST', '/api/push/subscriptions/renew', undefined, {
      oldEndpoint: pushes.endpoint('push/never-seen'),
      subscription,
    });
    expect(unknown.statusCode).toBe(404);
    const res = await inject('POST', '/api/push/subscriptions/renew', undefined, {
      oldEndpoint,
      subscription,
    });
    expect(res.statusCode, res.body).toBe(204);
    await notify(u.userId, 'complexMembershipDecided', {});
    expect(pushes.received.filter((m) => m.path === `/push/old-${u.userId}`)).toEqual([]);
    const got = pushes.received.find((m) => m.path === `/push/new-${u.userId}`);
    expect(got && pushes.open(got, renewed)).toMatchObject({ alert: 'membership', url: '/myComplex' });
  });

  it('refuses a subscription without sign-in or with bad keys, in the error shape', async () => {
    const u = await signUpUser(t.app);
    const body = { endpoint: pushes.endpoint('push/x'), keys: pushBrowser().keys };
    expect((await inject('POST', '/api/push/subscriptions', undefined, body)).statusCode).toBe(401);
    for (const bad of [
      { ...body, endpoint: 'not a url' },
      { ...body, keys: { p256dh: 'short', auth: body.keys.auth } },
      { endpoint: body.endpoint },
    ]) {
      const res = await inject('POST', '/api/push/subscriptions', u.tokens.accessToken, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
    const badPrefs = await inject('PUT', '/api/push/preferences', u.tokens.accessToken, {
      alerts: { refund: 'no' },
    });
    expect(badPrefs.statusCode).toBe(400);
  });
});

describe('alerts by SMS when no browser takes them', () => {
  const texts = async (phone: string) =>
    ((await inject('GET', `/api/dev/outbox?phone=91${phone}`)).json().messages as { body: string }[]).filter(
      (m) => m.body.startsWith('Petti: '),
    );

  it('texts an overstay at once, even at night, in the shopper’s language', async () => {
    t.clock.set('2026-11-20T17:30:00.000Z'); // 23:00 in Sivakasi
    const u = await signUpUser(t.app);
    await notify(u.userId, 'bookingExpired', { bookingId: 'b1', siteId: 'bus-stand' });
    const [text] = await texts(u.phone);
    expect(text?.body).toBe('Petti: T. B');
  });

  it('keeps a parcel text for the morning, and sends none to a phone that takes alerts', async () => {
    t.clock.set('2026-11-20T16:00:00.000Z'); // 21:30
    const u = await signUpUser(t.app);
    await notify(u.userId, 'orderInLocker', { orderId: 'o1' });
    expect(await texts(u.phone)).toEqual([]);
    t.clock.set('2026-11-21T02:29:00.000Z'); // 07:59
    await t.app.services.jobs.runDueJobs();
    expect(await texts(u.phone)).toEqual([]);
    t.clock.set('2026-11-21T02:30:00.000Z'); // 08:00
    await t.app.services.jobs.runDueJobs();
    expect((await texts(u.phone)).map((m) => m.body)).toEqual(['Petti: T. B']);

    const withPhone = await signUpUser(t.app);
    await subscribe(withPhone.tokens.accessToken, `push/sms-${withPhone.userId}`);
    await notify(withPhone.userId, 'orderInLocker', { orderId: 'o2' });
    expect(pushes.received.filter((m) => m.path === `/push/sms-${withPhone.userId}`)).toHaveLength(1);
    expect(await texts(withPhone.phone)).toEqual([]);
  });

  it('never texts the other alerts, nor one the shopper turned off', async () => {
    t.clock.set('2026-11-21T06:30:00.000Z'); // 12:00
    const u = await signUpUser(t.app);
    await notify(u.userId, 'paymentRefunded', { paymentId: 'p9' });
    const prefs = await t.app.services.push.service.preferences(u.userId);
    await t.app.services.push.service.setPreferences(u.userId, {
      alerts: { ...prefs.alerts, overstay: false },
    });
    await notify(u.userId, 'bookingExpired', { bookingId: 'b2', siteId: 'bus-stand' });
    expect(await texts(u.phone)).toEqual([]);
  });
});

describe('VAPID keys', () => {
  it('are made once and kept in the data folder, the same for processes starting together', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'petti-vapid-'));
    const options = { subject: 'mailto:a@b.c', dataDir };
    const [a, b] = await Promise.all([loadVapidKeys(options), loadVapidKeys(options)]);
    expect(a.publicKey).toBe(b.publicKey);
    expect((await loadVapidKeys(options)).privateKey).toBe(a.privateKey);
    expect(Buffer.from(a.publicKey, 'base64url')).toHaveLength(65);
  });

  it('come from the configuration when given', async () => {
    const keys = await loadVapidKeys({
      publicKey: 'P',
      privateKey: 'Q',
      subject: 'mailto:x@y.z',
      dataDir: '/nonexistent',
    });
    expect(keys).toEqual({ publicKey: 'P', privateKey: 'Q', subject: 'mailto:x@y.z' });
  });
});

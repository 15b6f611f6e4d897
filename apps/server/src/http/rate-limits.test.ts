import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startPetti } from '../bootstrap.ts';
import { paymentEvents } from '../features/payments/schema.ts';
import { buildTestApp, type TestApp, testConfig } from '../test/helper.ts';

// Small limits, so a test can pass them: 2 codes an hour makes 8 sign-in requests an hour.
let t: TestApp;
let second: Started | undefined;

beforeAll(async () => {
  const env = {
    AUTH_IP_CODES_PER_HOUR: '2',
    RATE_LIMIT_APPLICATIONS_PER_HOUR: '2',
    RATE_LIMIT_SEARCHES_PER_MINUTE: '3',
    RATE_LIMIT_WEBHOOKS_PER_MINUTE: '3',
  };
  t = await buildTestApp({ env });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const from = (ip: string) => ({ remoteAddress: ip });
const signIn = (ip: string, phone: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { phone }, ...from(ip) });

describe('per-address limits (hostile input)', () => {
  it('limits sign-in and code confirmation per address, for numbers with or without an account', async () => {
    // Eight requests an hour across the sign-in routes: unknown numbers (no code sent) count too.
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await signIn('10.0.0.1', `98765000${10 + i}`)).statusCode);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/confirm-sign-in',
        payload: { phone: '9876500010', session: 'x'.repeat(20), code: '123456' },
        ...from('10.0.0.1'),
      });
      answers.push(res.statusCode);
    }
    expect(answers.every((s) => s !== 429)).toBe(true);
    const over = await signIn('10.0.0.1', '9876500099');
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatchObject({ code: 'Throttling' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const confirmOver = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-sign-up',
      payload: { phone: '9876500010', code: '123456' },
      ...from('10.0.0.1'),
    });
    expect(confirmOver.statusCode).toBe(429);
    // Another address is not held back; an hour later this one is not either.
    expect((await signIn('10.0.0.2', '9876500011')).statusCode).not.toBe(429);
    t.clock.advance(3_600_001);
    expect((await signIn('10.0.0.1', '9876500012')).statusCode).not.toBe(429);
  });

  it('limits seller applications and place searches per address', async () => {
    const apply = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/seller-applications',
        payload: {
          brandName: `Shop ${n}`,
          ownerName: 'Owner',
          phone: `98450000${10 + n}`,
          category: 'grocery',
        },
        ...from('10.0.1.1'),
      });
    const applied = [await apply(1), await apply(2), await apply(3)].map((r) => r.statusCode);
    expect(applied.slice(0, 2).every((s) => s !== 429)).toBe(true);
    expect(applied[2]).toBe(429);
    const search = () => t.app.inject({ method: 'GET', url: '/api/places?q=temple', ...from('10.0.1.1') });
    const searched = [await search(), await search(), await search(), await search()].map(
      (r) => r.statusCode,
    );
    expect(searched).toEqual([200, 200, 200, 429]);
  });

  it('counts in the database, not in a process: a second server on the same database sees the same count', async () => {
    const env = { RATE_LIMIT_SEARCHES_PER_MINUTE: '3' };
    second = await startPetti({
      config: testConfig(env),
      database: t.ctx.database,
      realtime: t.ctx.realtime,
      clock: t.clock,
    });
    await second.app.ready();
    const search = (app: Started['app']) =>
      app.inject({ method: 'GET', url: '/api/places?q=bazaar', ...from('10.0.4.1') });
    const answers = [
      await search(t.app),
      await search(second.app),
      await search(t.app),
      await search(second.app),
    ].map((r) => r.statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('refuses webhooks to a provider name inherited from Object, writing nothing, and limits refused ones', async () => {
    const rows = async () => (await t.ctx.database.db.select({ n: count() }).from(paymentEvents))[0]!.n;
    const before = await rows();
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/payments/webhook/${name}`,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'x' },
        payload: '{"event":"payment.captured"}',
        ...from(`10.0.2.${name.length}`),
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(404);
      expect(res.json().error.code).toBe('ResourceNotFound');
    }
    expect(await rows()).toBe(before);
    // Refused (bad signature) webhooks from one address: three a minute, then 429 with no row.
    const refused = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/testpay',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'forged' },
        payload: '{"event":"payment.captured"}',
        ...from('10.0.3.1'),
      });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await refused()).statusCode);
    expect(statuses.slice(3)).toEqual([429, 429]);
    expect(await rows()).toBeLessThanOrEqual(before + 3);
  });
});

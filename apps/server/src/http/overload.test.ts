import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openPgliteProcess } from '../db/pglite-process.ts';
import { authHeaders, signUpUser } from '../test/auth-helpers.ts';
import { buildTestApp, openTestDatabase, type TestApp } from '../test/helper.ts';
import { until } from '../test/locker-helpers.ts';
import { BUSY_MESSAGE } from './overload.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const metricsOf = async (t: TestApp) =>
  (await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-ops-token': t.ctx.config.OPS_TOKEN } }))
    .body;

const ADDRESS = { label: 'Home', line1: '12 Thiruthangal Road', lat: 9.456, lng: 77.8 };

/**
 * The database as production opens it, with a short wait for a connection: the embedded default's
 * process (one connection), or PostgreSQL with a pool of two when the tests run against it.
 */
async function databaseWithShortWait(): Promise<{ database: Database; connections: number; dir?: string }> {
  if (process.env.TEST_DATABASE_URL) {
    return { database: await openTestDatabase({ poolSize: 2, poolWaitMs: 200 }), connections: 2 };
  }
  const dir = await mkdtemp(join(tmpdir(), 'petti-overload-'));
  return { database: await openPgliteProcess(join(dir, 'pglite'), { poolWaitMs: 200 }), connections: 1, dir };
}

describe('no database connection within the wait', () => {
  let t: TestApp;
  let connections = 1;
  let dir: string | undefined;
  beforeAll(async () => {
    const opened = await databaseWithShortWait();
    connections = opened.connections;
    dir = opened.dir;
    t = await buildTestApp({ database: opened.database, env: { DB_POOL_WAIT_MS: '200' } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('says busy on the readiness check, with Retry-After, while no connection is free in time', async () => {
    const held = Promise.all(
      Array.from({ length: connections }, () => t.ctx.database.db.transaction(() => sleep(800))),
    );
    await sleep(50);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    await held;
    // Busy with its own work, not away: a load balancer comes back when Retry-After says.
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('2');
    expect(ready.json()).toMatchObject({ status: 'busy', database: { ok: true } });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toMatchObject({
      status: 'ok',
    });
  });

  it('is answered busy with Retry-After, and the write that was shed changed nothing', async () => {
    const user = await signUpUser(t.app);
    const headers = authHeaders(user.tokens.accessToken);
    // Every connection held longer than the wait, as a crowd of slow requests would.
    const held = Promise.all(
      Array.from({ length: connections }, () => t.ctx.database.db.transaction(() => sleep(800))),
    );
    await sleep(50);
    const write = await t.app.inject({ method: 'POST', url: '/api/addresses', headers, payload: ADDRESS });
    await held;
    expect(write.statusCode, write.body).toBe(503);
    expect(write.headers['retry-after']).toBe('2');
    expect(write.json()).toEqual({ error: { code: 'ServiceUnavailable', message: BUSY_MESSAGE } });
    // Nothing of it was stored; asked again, it is served.
    const list = await t.app.inject({ method: 'GET', url: '/api/addresses', headers });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).not.toContain(ADDRESS.line1);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/addresses', headers, payload: ADDRESS })).statusCode,
    ).toBe(201);
    expect(await metricsOf(t)).toMatch(/petti_requests_shed_total\{reason="database"\} 1/);
  });
});

describe('an event loop too far behind', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '30' } });
  }, 60_000);
  afterAll(() => t?.close());

  it('sheds requests as they arrive, says busy on the readiness check, and recovers', async () => {
    // A second of the loop blocked, as a crowd of CPU-heavy requests would.
    const until1s = Date.now() + 1200;
    while (Date.now() < until1s) {
      // busy
    }
    await sleep(20);
    const shed = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(shed.statusCode, shed.body).toBe(503);
    expect(shed.headers['retry-after']).toBe('2');
    expect(shed.json()).toEqual({ error: { code: 'ServiceUnavailable', message: BUSY_MESSAGE } });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('2');
    expect(ready.json()).toMatchObject({ status: 'busy', database: { ok: true } });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    expect(await metricsOf(t)).toMatch(/petti_requests_shed_total\{reason="eventLoopDelay"\} [1-9]/);
    // Once the loop keeps up again, everything is served.
    await until(async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/plans' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toMatchObject({
        status: 'ok',
      });
    }, 5000);
  });
});

describe('too many requests in flight', () => {
  let t: TestApp;
  // A route of this test's own that answers when the test lets it: requests held in flight, whatever
  // the database (the embedded one serialises, PostgreSQL would serve them side by side).
  let gate: Promise<void> = Promise.resolve();
  beforeAll(async () => {
    t = await buildTestApp({
      env: { OVERLOAD_MAX_IN_FLIGHT: '2' },
      beforeReady: (app) => {
        app.get('/api/test/held', async () => {
          await gate;
          return { ok: true };
        });
      },
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('answers the one over the limit busy at once, and counts each request out when it is answered', async () => {
    let release = () => {};
    gate = new Promise<void>((r) => (release = r));
    const ask = () => t.app.inject({ method: 'GET', url: '/api/test/held' });
    const waiting = [ask(), ask()];
    await sleep(50);
    const third = await ask();
    expect(third.statusCode, third.body).toBe(503);
    expect(third.json()).toEqual({ error: { code: 'ServiceUnavailable', message: BUSY_MESSAGE } });
    expect(third.headers['retry-after']).toBe('2');
    // Not counted, the readiness check says busy meanwhile.
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'busy' });
    release();
    expect((await Promise.all(waiting)).map((r) => r.statusCode)).toEqual([200, 200]);
    // Every one answered is counted out: many more, one after another, are all served.
    for (let i = 0; i < 50; i++) expect((await ask()).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toMatchObject({
      status: 'ok',
    });
    expect(await metricsOf(t)).toMatch(/petti_requests_shed_total\{reason="inFlight"\} 1/);
  });
});

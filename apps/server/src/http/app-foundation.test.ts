import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authHeaders, signUpUser } from '../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { AppError } from './app-error.ts';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'petti-web-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Petti</title><div id="root"></div>');
  await writeFile(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  await writeFile(join(dist, 'sw.js'), 'self.addEventListener("install",()=>{})');
  t = await buildTestApp({ env: { WEB_DIST: dist } });
});
afterAll(() => t.close());

describe('the server foundation', () => {
  it('reports database and broker state at /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { ok: true, kind: expect.stringMatching(/pglite|postgres/) },
      broker: { ok: true, kind: expect.stringMatching(/embedded|external/) },
    });
  });

  it('serves the OpenAPI document and its page at /api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/auth/sign-in', '/api/me']),
    );
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/html/);
  });

  it('answers unknown API routes with the one error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'ResourceNotFound', message: 'No route for GET /api/nothing-here' },
    });
  });

  it('carries a request id, echoing a sane one from the caller', async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(own.headers['x-request-id']).toBe('abc-123');
    const made = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Over plain HTTP no HSTS (RFC 6797 §7.2); framing refused both ways, as the CSP says.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['permissions-policy']).toMatch(/camera=\(self\), geolocation=\(self\)/);
    expect(res.headers['permissions-policy']).toContain('microphone=()');
    // Images, fonts and live connections from Petti and the map's tile server only, not any host.
    const csp = Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    ) as Record<string, string[]>;
    for (const directive of ['img-src', 'font-src', 'connect-src'])
      expect(csp[directive], directive).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(https?|wss?):$/)]),
      );
    expect(csp['font-src']).toEqual(["'self'", 'data:']);
  });

  it('serves the web app with SPA fallback and sensible caching', async () => {
    for (const path of ['/', '/login', '/booking/bus-stand', '/Grab&Go', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const gone = await t.app.inject({ method: 'GET', url: '/assets/app-old999.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('ResourceNotFound');
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('never leaks a stack trace on a 500, and maps AppErrors and 409/429', async () => {
    const probe = await buildTestApp({
      beforeReady: (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('secret internal detail at /home/x.ts:12');
        });
        app.get('/api/test/conflict', async () => {
          throw new AppError('Conflict');
        });
        app.get('/api/test/throttled', async () => {
          throw new AppError('Throttling', undefined, { headers: { 'retry-after': '7' } });
        });
        app.get(
          '/api/test/query',
          { schema: { querystring: z.strictObject({ page: z.coerce.number().int().min(1) }) } },
          async () => 'ok',
        );
      },
    });
    const boom = await probe.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({
      error: { code: 'InternalFailure', message: 'Something went wrong,Please try again!' },
    });
    expect(boom.body).not.toContain('secret');
    expect((await probe.app.inject({ method: 'GET', url: '/api/test/conflict' })).statusCode).toBe(409);
    const throttled = await probe.app.inject({ method: 'GET', url: '/api/test/throttled' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('7');
    const query = await probe.app.inject({ method: 'GET', url: '/api/test/query?page=zero' });
    expect(query.statusCode).toBe(400);
    expect(query.json().error).toMatchObject({ code: 'Validation', field: 'querystring.page' });
    await probe.close();
  });

  it("never lets an HTTP cache keep a signed-in user's answers; public reads may be cached", async () => {
    const user = await signUpUser(t.app);
    const headers = authHeaders(user.tokens.accessToken);
    for (const url of ['/api/me', '/api/orders', '/api/notifications']) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const map = await t.app.inject({ method: 'GET', url: '/api/map' });
    expect(map.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a write that lost a race in the database as ConditionalCheckFailedException, not a 500', async () => {
    // A real table (not a temporary one: on PostgreSQL the two requests may use two connections).
    const table = sql.identifier(`race_probe_${Date.now()}_${Math.floor(Math.random() * 1e6)}`);
    const probe = await buildTestApp({
      beforeReady: (app) => {
        app.post('/api/test/twice', async () => {
          const { db } = app.ctx.database;
          await db.execute(sql`create table if not exists ${table} (id text primary key)`);
          await db.execute(sql`insert into ${table} (id) values ('same')`);
          return 'ok';
        });
        app.get('/api/test/serialization', async () => {
          // As drizzle hands it on: the driver's error, with its SQLSTATE, as the cause.
          throw new Error('Failed query', {
            cause: Object.assign(new Error('could not serialize access'), { code: '40001' }),
          });
        });
      },
    });
    expect((await probe.app.inject({ method: 'POST', url: '/api/test/twice' })).statusCode).toBe(200);
    const again = await probe.app.inject({ method: 'POST', url: '/api/test/twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: { code: 'ConditionalCheckFailedException', message: 'Something went wrong,Please try again!' },
    });
    const lost = await probe.app.inject({ method: 'GET', url: '/api/test/serialization' });
    expect(lost.statusCode).toBe(409);
    expect(lost.json().error.code).toBe('ConditionalCheckFailedException');
    await probe.ctx.database.db.execute(sql`drop table ${table}`);
    await probe.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OPS_TOKEN } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('keeps liveness apart from readiness: a broker outage makes the process unready, not dead', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toMatchObject({
      status: 'alive',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    const realtime = t.ctx.realtime as { status: typeof t.ctx.realtime.status };
    const status = realtime.status;
    realtime.status = () => ({ ...status(), connected: false });
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'degraded', broker: { ok: false } });
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      realtime.status = status;
    }
  });

  it('publishes Prometheus metrics to the ops token only: requests by route, event and timer delay, connections', async () => {
    await t.app.inject({ method: 'GET', url: '/api/products/some-id-that-is-not-there' });
    // Made, then kept once the cache hears the database (docs/performance.md#reads; on PostgreSQL its
    // listening connection may still be proving itself for the first requests).
    const metricsText = async () =>
      (await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-ops-token': DEV_OPS_TOKEN } }))
        .body;
    await expect
      .poll(async () => {
        await t.app.inject({ method: 'GET', url: '/api/categories' });
        return /petti_read_cache_answers_total\{cache="catalog",result="hit"\} [1-9]/.test(
          await metricsText(),
        );
      })
      .toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-ops-token': DEV_OPS_TOKEN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    // By the route's pattern, never the raw address.
    expect(text).toMatch(
      /petti_http_requests_total\{method="GET",route="\/api\/products\/:id",status="404"\} 1/,
    );
    expect(text).not.toContain('some-id-that-is-not-there');
    expect(text).toContain('petti_http_request_duration_seconds_bucket');
    // The 404 above and the first categories read were made from the database.
    expect(text).toMatch(/petti_read_cache_answers_total\{cache="catalog",result="miss"\} ([2-9]|\d\d)/);
    for (const name of [
      'petti_events_pending',
      'petti_event_delay_seconds',
      'petti_timer_lag_seconds',
      'petti_timers_dead',
      'petti_broker_connections',
      'petti_process_resident_memory_bytes',
      'petti_money_checks_open{kind="found"}',
      'petti_money_checks_open{kind="held"}',
    ]) {
      expect(text, name).toContain(`${name} `);
    }
  });

  it('says whether the books hold, in the health answer and a metric, without taking the process out of service', async () => {
    const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json();
    expect((await health()).money).toEqual({ ok: true, found: 0, held: 0 });
    await t.app.services.money.checks.hold(t.ctx.database.db, {
      rule: 'provider_transfer_amount',
      subject: 'health-test-transfer',
      orderId: null,
      sellerId: null,
      expectedPaise: 15000,
      actualPaise: 1,
      detail: 'a transfer of another amount',
    });
    const after = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ status: 'ok', money: { ok: false, found: 0, held: 1 } });
    const text = (
      await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-ops-token': DEV_OPS_TOKEN } })
    ).body;
    expect(text).toContain('petti_money_checks_open{kind="held"} 1');
    await t.app.services.money.checks.clear('provider_transfer_amount:health-test-transfer', 'test');
    expect((await health()).money).toEqual({ ok: true, found: 0, held: 0 });
  });
});

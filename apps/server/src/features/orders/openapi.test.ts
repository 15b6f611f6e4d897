import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI page', () => {
  it('describes the order and ops routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/orders',
        '/api/orders/quote',
        '/api/orders/{id}',
        '/api/orders/{id}/cancel',
        '/api/orders/{id}/arrived',
        '/api/ops/orders',
        '/api/ops/orders/{id}/drop-in-locker',
      ]),
    );
  });
});

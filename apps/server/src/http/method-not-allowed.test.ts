import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('a known path asked with a method it does not take', () => {
  it('answers 405 with Allow naming the methods it takes', async () => {
    const put = await t.app.inject({ method: 'PUT', url: '/api/addresses' });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, POST');
    expect(put.json().error).toMatchObject({ code: 'MethodNotAllowed' });
    // A path with parameters, matched as the router matches it.
    const del = await t.app.inject({ method: 'DELETE', url: '/api/bookings/some-booking/extend' });
    expect(del.statusCode).toBe(405);
    expect(del.headers.allow?.split(', ')).toContain('POST');
  });

  it('still answers 404 for a path no route has', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.allow).toBeUndefined();
    expect(res.json().error.code).toBe('ResourceNotFound');
  });
});

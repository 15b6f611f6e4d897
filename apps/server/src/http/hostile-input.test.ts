import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';

let t: TestApp;
let port = 0;

beforeAll(async () => {
  t = await buildTestApp({ env: { REQUEST_TIMEOUT_MS: '1000' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

/** Sends raw bytes on a new connection, and answers what came back before the server closed it. */
function raw(
  chunks: Array<string | { waitMs: number }>,
  limitMs = 10_000,
): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const give = () => resolve({ text, ms: Date.now() - started });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${limitMs} ms: ${text}`));
    }, limitMs);
    socket.on('data', (d) => {
      text += d.toString();
    });
    socket.on('close', () => {
      clearTimeout(timer);
      give();
    });
    socket.on('error', () => undefined);
    void (async () => {
      for (const c of chunks) {
        if (socket.destroyed) return;
        if (typeof c === 'string') socket.write(c);
        else await new Promise((r) => setTimeout(r, c.waitMs));
      }
    })();
  });
}

const errorOf = (text: string) =>
  JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { error: { code: string } };

describe('hostile input', () => {
  it('refuses a NUL character in a path parameter, a query or a JSON body as bad input, not a 500', async () => {
    for (const url of ['/api/products/%00', '/api/products?q=rice%00', '/api/sellers/a%00b']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('Validation');
    }
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { phone: '9876512345', name: 'Ravi\u0000' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().error.code).toBe('Validation');
  });

  it('answers the framework’s own refusals in the usual { error } shape', async () => {
    const badEncoding = await t.app.inject({ method: 'GET', url: '/api/products/%E0%A4%A' });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toEqual({ error: { code: 'Validation', message: expect.any(String) } });
    // One character over a parameter's documented limit is the schema's 400, naming the field; only
    // past what the router reads at all is it 414.
    const overLimit = await t.app.inject({ method: 'GET', url: `/api/products/${'x'.repeat(101)}` });
    expect(overLimit.statusCode).toBe(400);
    expect(overLimit.json().error).toMatchObject({ code: 'Validation', field: 'params.id' });
    const longParam = await t.app.inject({ method: 'GET', url: `/api/products/${'x'.repeat(2049)}` });
    expect(longParam.statusCode).toBe(414);
    expect(longParam.json().error.code).toBe('Validation');
    const hugeHeaders = await raw([
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ]);
    expect(hugeHeaders.text).toMatch(/^HTTP\/1\.1 431/);
    expect(errorOf(hugeHeaders.text).error.code).toBe('PayloadTooLarge');
  });

  it('times out a body sent a byte at a time, as it does slow headers', async () => {
    const chunks: Array<string | { waitMs: number }> = [
      'POST /api/auth/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n',
    ];
    for (let i = 0; i < 40; i++) chunks.push('{', { waitMs: 250 });
    const slow = await raw(chunks);
    // Closed near the 1 s limit, long before the 10 s the trickle would take.
    expect(slow.ms).toBeLessThan(5000);
    expect(slow.text).toMatch(/^HTTP\/1\.1 408/);
  });
});

import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { installSecurityHeaders, securityHeaders } from './security-headers.ts';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet itself sets on a real response, as `@fastify/helmet` had it do per request. */
async function helmetOnARealResponse(options: HelmetOptions): Promise<Record<string, unknown>> {
  const middleware = helmet(options);
  let seen: Record<string, unknown> = {};
  const server = createServer((req, res: ServerResponse) => {
    res.setHeader('X-Powered-By', 'something');
    middleware(req, res, () => {
      seen = res.getHeaders();
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return seen;
}

describe('security headers', () => {
  it('are exactly the ones helmet sets, worked out once', async () => {
    const real = await helmetOnARealResponse(OPTIONS);
    const once = Object.fromEntries(
      securityHeaders(OPTIONS).map(([name, value]) => [name.toLowerCase(), value]),
    );
    // helmet removes X-Powered-By and sets the rest; the stand-in never had X-Powered-By to remove.
    expect(once).toEqual(real);
    // helmet's defaults with Petti's directives over them.
    expect(once['content-security-policy']).toContain("img-src 'self' data:");
    expect(once['content-security-policy']).toContain("object-src 'none'");
  });

  it('refuses options helmet refuses, at start rather than on the first request', () => {
    expect(() =>
      securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self';"] } } }),
    ).toThrow();
  });

  it('go on every answer, a 404 and a failed route included', async () => {
    const app = Fastify();
    installSecurityHeaders(app, OPTIONS);
    app.get('/fails', async () => {
      throw new Error('no');
    });
    try {
      for (const url of ['/missing', '/fails']) {
        const res = await app.inject({ url });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    } finally {
      await app.close();
    }
  });

  it('send Strict-Transport-Security over HTTPS only, as the proxy says when it is trusted', async () => {
    const behind = Fastify({ trustProxy: true });
    const direct = Fastify();
    for (const app of [behind, direct]) {
      installSecurityHeaders(app, OPTIONS, [['Permissions-Policy', 'camera=(self)']]);
      app.get('/', async () => 'ok');
    }
    const https = { 'x-forwarded-proto': 'https' };
    try {
      const secure = await behind.inject({ url: '/', headers: https });
      expect(secure.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(secure.headers['permissions-policy']).toBe('camera=(self)');
      expect((await behind.inject({ url: '/' })).headers['strict-transport-security']).toBeUndefined();
      // An untrusted X-Forwarded-Proto is anyone's word: plain HTTP still.
      expect(
        (await direct.inject({ url: '/', headers: https })).headers['strict-transport-security'],
      ).toBeUndefined();
    } finally {
      await behind.close();
      await direct.close();
    }
  });
});

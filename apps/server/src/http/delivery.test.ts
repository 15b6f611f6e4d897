import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';

let t: TestApp;
const script = `console.log(${JSON.stringify('petti '.repeat(400))});`;
const inline = "document.documentElement.dataset.preloaded = 'yes'";

beforeAll(async () => {
  // A built app as `npm run build` leaves it: hashed assets, their .br and .gz, and a source map.
  const dist = await mkdtemp(join(tmpdir(), 'petti-dist-'));
  await mkdir(join(dist, 'assets'));
  const html = `<!doctype html><title>Petti</title><script>${inline}</script><script type="module" src="/assets/app-abc123.js"></script>${'<!-- x -->'.repeat(200)}`;
  await writeFile(join(dist, 'index.html'), html);
  await writeFile(join(dist, 'index.html.gz'), gzipSync(html));
  await writeFile(join(dist, 'assets', 'app-abc123.js'), script);
  await writeFile(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  await writeFile(join(dist, 'assets', 'app-abc123.js.map'), '{"version":3}');
  t = await buildTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t?.close();
});

describe('what the server sends', () => {
  it('serves the built app’s files compressed at build time, cached for a year, and no source maps', async () => {
    const js = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-encoding']).toBe('br');
    expect(js.rawPayload.equals(brotliCompressSync(script))).toBe(true);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A script is not a document: no policy or framing headers, but still no sniffing and no embedding elsewhere.
    expect(js.headers['content-security-policy']).toBeUndefined();
    expect(js.headers['x-frame-options']).toBeUndefined();
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    expect(js.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Immutable, so never revalidated nor asked for in parts: no validator, no ranges, no request id.
    expect(js.headers.etag).toBeUndefined();
    expect(js.headers['accept-ranges']).toBeUndefined();
    expect(js.headers['x-request-id']).toBeUndefined();
    expect(js.headers['last-modified']).toBeUndefined();
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const map = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js.map' });
    expect(map.statusCode).toBe(404);
    const page = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.headers['cache-control']).toBe('no-cache');
    // index.html is revalidated by its ETag on every visit.
    expect(page.headers.etag).toBeDefined();
    expect(page.headers['x-request-id']).toBeDefined();
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(gunzipSync(page.rawPayload).toString()).toContain('<title>Petti</title>');
  });

  it('lets index.html run its own inline script (by its hash) and no other', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    const csp = String(page.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(scriptSrc.trim().split(/\s+/).sort()).toEqual(["'self'", `'sha256-${hash}'`, 'script-src'].sort());
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('compresses API answers and answers an unchanged catalogue read with 304 and no body', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/products?page=1',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(first.rawPayload).toString()).products.length).toBeGreaterThan(0);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\//);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/products?page=1',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Brotli when the client takes it; one tag for both encodings, so either revalidates.
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/products?page=1',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers.etag).toBe(etag);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(
      JSON.parse(gunzipSync(first.rawPayload).toString()),
    );
    // Small answers are not worth compressing.
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/support',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

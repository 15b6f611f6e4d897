import { tileSource } from '@petti/shared/schemas/map';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const csp = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']);

describe('GET /api/map', () => {
  it('gives OpenStreetMap’s tiles with their credit by default, and admits them in the page', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/map' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tiles: {
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: expect.stringContaining('OpenStreetMap'),
        subdomains: 'abc',
        maxZoom: 19,
      },
    });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(csp(res)).toMatch(/img-src [^;]*https:\/\/tile\.openstreetmap\.org/);
    expect(csp(res)).toMatch(/connect-src [^;]*https:\/\/tile\.openstreetmap\.org/);
  });

  it('gives the configured server, whose host the page and the service worker may load from', async () => {
    t = await buildTestApp({
      env: { MAP_TILE_URL: 'http://127.0.0.1:7070/{z}/{x}/{y}.png', MAP_TILE_MAX_ZOOM: '17' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/map' });
    expect(res.json().tiles).toMatchObject({ url: 'http://127.0.0.1:7070/{z}/{x}/{y}.png', maxZoom: 17 });
    expect(csp(res)).toMatch(/img-src [^;]*http:\/\/127\.0\.0\.1:7070/);
    expect(csp(res)).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:7070/);
  });

  it('says there are no tiles when told none', async () => {
    t = await buildTestApp({ env: { MAP_TILE_URL: 'none' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/map' });
    expect(res.json()).toEqual({ tiles: null });
    expect(csp(res)).not.toContain('openstreetmap');
  });
});

describe('map configuration', () => {
  it('refuses a tile URL that is not a template', () => {
    for (const bad of [
      'tiles.example.org/{z}/{x}/{y}.png',
      'https://tiles.example.org/tile.png',
      'ftp://x/{z}/{x}/{y}',
    ]) {
      expect(() => loadConfig({ MAP_TILE_URL: bad }), bad).toThrow(/MAP_TILE_URL/);
    }
  });

  it('turns a subdomain template into one CSP source for all its hosts', () => {
    expect(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileSource('http://127.0.0.1:7070/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:7070');
  });
});

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { artPathOf } from '@petti/shared/rules/art';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSeedFiles, SEED_DIR, type SeedFiles } from '../../../../../data/seed/schema.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { ART_DIR } from './routes.ts';

let t: TestApp;
let seed: SeedFiles;
beforeAll(async () => {
  t = await buildTestApp();
  seed = await readSeedFiles(SEED_DIR);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const fileOf = (path: string) => join(ART_DIR, path.replace(/^\/art\//, ''));

describe('bundled pictures', () => {
  it('gives every demo product, shop and category a picture the package holds', () => {
    const paths = [
      ...seed.catalog.products.map((p) => p.image),
      ...seed.catalog.sellers.map((s) => s.image),
      ...seed.catalog.categories.map((c) => artPathOf(c.icon)),
    ];
    expect(paths.filter((p) => p === null)).toEqual([]);
    expect(paths.filter((p) => p && !existsSync(fileOf(p)))).toEqual([]);
  });

  it('serves a picture as SVG, cached and revalidated', async () => {
    const res = await get('/art/1F35A.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=2592000');
    expect(res.body).toContain('<svg');
    const again = await t.app.inject({
      method: 'GET',
      url: '/art/1F35A.svg',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 in the error shape for anything but a picture of the package', async () => {
    for (const url of [
      '/art/FFFFF.svg',
      '/art/1f35a.svg',
      '/art/../package.json',
      '/art/',
      '/art/LICENSE.txt',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('ResourceNotFound');
    }
  });

  it('shows the pictures in the catalogue answers', async () => {
    const product = (await get('/api/products/murugan-ponni-raw-rice')).json();
    expect(product.product?.image_url ?? product.image_url).toBe('/art/1F35A.svg');
    const seller = (await get('/api/sellers/iyyappa-bakery')).json().seller;
    expect(seller.image_url).toBe('/art/1F35E.svg');
    const categories = (await get('/api/categories')).json().categories;
    expect(categories.find((c: { id: string }) => c.id === 'grocery').image_url).toBe('/art/1F6D2.svg');
  });
});

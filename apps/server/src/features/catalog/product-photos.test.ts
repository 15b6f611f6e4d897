import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OPS_TOKEN } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 220, g: 160, b: 40 } } })
    .jpeg()
    .toBuffer();

const upload = (productId: string, body: Buffer, contentType = 'image/jpeg', token = DEV_OPS_TOKEN) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ops/products/${productId}/photo`,
    headers: { 'x-ops-token': token, 'content-type': contentType },
    payload: body,
  });

describe("a shop's product photos (ops API)", () => {
  it('replaces the illustration with the photo at three WebP widths, served for a year', async () => {
    const res = await upload('santhi-mysore-pak', await jpeg(2000, 1500));
    expect(res.statusCode, res.body).toBe(200);
    const { product } = res.json();
    expect(product.photo.urls).toEqual({
      thumb: expect.stringMatching(/^\/api\/products\/photos\/[0-9a-f]{32}\/thumb$/),
      medium: expect.stringMatching(/\/medium$/),
      large: expect.stringMatching(/\/large$/),
    });
    expect(product.image_url).toBe(product.photo.urls.medium);
    for (const [size, width] of [
      ['thumb', 160],
      ['medium', 480],
      ['large', 1080],
    ] as const) {
      const file = await t.app.inject({ method: 'GET', url: product.photo.urls[size] });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toContain('immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', width]);
    }
    // Everyone sees it: the public product answer carries it too.
    const seen = (await t.app.inject({ method: 'GET', url: '/api/products/santhi-mysore-pak' })).json()
      .product;
    expect(seen.photo.id).toBe(product.photo.id);

    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/ops/products/santhi-mysore-pak/photo',
      headers: { 'x-ops-token': DEV_OPS_TOKEN },
    });
    expect(cleared.json().product).toMatchObject({
      photo: null,
      image_url: expect.stringMatching(/^\/art\//),
    });
  });

  it('refuses what is not a photo, an unknown product and a caller without the ops token', async () => {
    const bad = await upload('santhi-mysore-pak', Buffer.from('%PDF-1.7 not an image'), 'application/pdf');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBe('PhotoInvalid');
    expect((await upload('no-such-product', await jpeg(10, 10))).statusCode).toBe(404);
    expect(
      (await upload('santhi-mysore-pak', await jpeg(10, 10), 'image/jpeg', 'wrong-token-wrong')).statusCode,
    ).toBe(401);
    const product = (await t.app.inject({ method: 'GET', url: '/api/products/santhi-mysore-pak' })).json()
      .product;
    expect(product.photo).toBeNull();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/products/photos/${'a'.repeat(32)}/thumb` })).statusCode,
    ).toBe(404);
  });

  it("keeps a replaced or removed photo's files a day, for answers cached before, then removes them", async () => {
    const served = async (photo: { urls: Record<string, string> }) =>
      Promise.all(
        Object.values(photo.urls).map(async (url) => (await t.app.inject({ method: 'GET', url })).statusCode),
      );
    const first = (await upload('santhi-mysore-pak', await jpeg(300, 300))).json().product.photo;
    const second = (await upload('santhi-mysore-pak', await jpeg(320, 240))).json().product.photo;
    expect(second.id).not.toBe(first.id);

    t.clock.advance(23 * 3_600_000);
    await t.app.services.jobs.runDueJobs();
    expect(await served(first)).toEqual([200, 200, 200]);
    t.clock.advance(2 * 3_600_000);
    await t.app.services.jobs.runDueJobs();
    expect(await served(first)).toEqual([404, 404, 404]);
    expect(await served(second)).toEqual([200, 200, 200]);

    // Taken off: the shown photo goes the same way, a day later.
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/ops/products/santhi-mysore-pak/photo',
      headers: { 'x-ops-token': DEV_OPS_TOKEN },
    });
    expect(cleared.statusCode).toBe(200);
    await t.app.services.jobs.runDueJobs();
    expect(await served(second)).toEqual([200, 200, 200]);
    t.clock.advance(25 * 3_600_000);
    await t.app.services.jobs.runDueJobs();
    expect(await served(second)).toEqual([404, 404, 404]);
  });
});

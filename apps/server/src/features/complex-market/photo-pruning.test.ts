import type { Listing, Photo } from '@petti/shared/schemas/complex';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resident, SAKTHI } from '../../test/complex-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { HOUR, type Shopper } from '../../test/locker-helpers.ts';

// A file of its own: it moves the clock a day on, which the other complex tests' holds would notice.
let t: TestApp;
let seller: Shopper;
let buyer: Shopper;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await resident(t, SAKTHI, 'B', 'B-7');
  buyer = await resident(t, SAKTHI, 'D', 'D-2');
});
afterAll(async () => {
  await seller?.stop();
  await buyer?.stop();
  await t?.close();
});

const jpeg = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

async function upload(): Promise<Photo> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/complex/photos',
    headers: { ...seller.headers, 'content-type': 'image/jpeg' },
    payload: await jpeg(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function list(photoIds: string[]): Promise<Listing> {
  const res = await seller.call('POST', '/api/complex/listings', {
    title: 'Steel tiffin box, 3 tier',
    description: 'Barely used.',
    categoryId: 'household',
    pricePaise: 35000,
    quantity: 3,
    condition: 'used',
    handover: ['in_person'],
    hazardous: false,
    photoIds,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Each size's status: 200 while the files are kept, 404 once removed. */
const served = (photo: Photo) =>
  Promise.all(
    Object.values(photo.urls).map(async (url) => (await t.app.inject({ method: 'GET', url })).statusCode),
  );

/** The sweep runs by the clock and schedules the removals; the next pass fires them. */
async function passes() {
  await t.app.services.jobs.runDueJobs();
  await t.app.services.jobs.runDueJobs();
}

describe('listing photos nobody keeps', () => {
  it('are removed a day after their upload: never saved with a listing, or taken off one and on no order', async () => {
    const neverUsed = await upload();
    const takenOff = await upload();
    const kept = await upload();
    const onOrder = await upload();
    const listing = await list([takenOff.id, kept.id]);
    const sold = await list([onOrder.id]);
    // The order keeps its listing's first photo, so taking it off the listing must not remove it.
    const order = await buyer.call('POST', '/api/complex/orders', {
      listingId: sold.id,
      quantity: 1,
      handover: 'in_person',
    });
    expect(order.statusCode, order.body).toBe(201);
    for (const [id, photoIds] of [
      [listing.id, [kept.id]],
      [sold.id, []],
    ] as const) {
      const res = await seller.call('PATCH', `/api/complex/listings/${id}`, { photoIds });
      expect(res.statusCode, res.body).toBe(200);
    }

    // Within the day the form may still be open, and answers cached before still name them.
    t.clock.advance(23 * HOUR);
    await passes();
    for (const p of [neverUsed, takenOff, kept, onOrder]) expect(await served(p)).toEqual([200, 200, 200]);

    t.clock.advance(2 * HOUR);
    await passes();
    expect(await served(neverUsed)).toEqual([404, 404, 404]);
    expect(await served(takenOff)).toEqual([404, 404, 404]);
    expect(await served(kept)).toEqual([200, 200, 200]);
    expect(await served(onOrder)).toEqual([200, 200, 200]);
    const mine = (await seller.call('GET', `/api/complex/listings/${listing.id}`)).json() as Listing;
    expect(mine.photos.map((p) => p.id)).toEqual([kept.id]);

    // A photo whose row went can no longer be put on a listing: it is asked for again.
    const again = await seller.call('PATCH', `/api/complex/listings/${listing.id}`, {
      photoIds: [kept.id, takenOff.id],
    });
    expect(again.json().error.field).toBe('body.photoIds');
  });
});

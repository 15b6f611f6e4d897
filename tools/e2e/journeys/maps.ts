import assert from 'node:assert/strict';
import { TOWN_BOUNDS, TOWN_CENTRE } from '@petti/shared/constants';
import type { Locator, Page } from 'playwright-core';
import { newMobileContext, screenshot as saveScreenshot, serviceWorkerInControl } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import { asShopper, newShopper, signedIn } from '../shopper.ts';
import { expectVisibleText } from '../visible.ts';

/** Waits until the map in `testId`, still or live, shows at least one loaded tile image. */
async function tilesShown(
  page: Page,
  testId: string,
  kind = 'img.leaflet-tile, img.still-map__tile',
): Promise<void> {
  await page.waitForFunction(
    ({ id, kind }) =>
      [...document.querySelectorAll<HTMLImageElement>(`[data-testid="${id}"] :is(${kind})`)].some(
        (img) => img.complete && img.naturalWidth === 256,
      ),
    { id: testId, kind },
    { timeout: 15_000 },
  );
}

/** The map's pins, each a visible link named for what it stands for. */
async function pinsOf(page: Page, testId: string): Promise<string[]> {
  const pins = page.getByTestId(testId).locator('[data-marker]');
  await pins.first().waitFor({ state: 'visible' });
  return pins.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
}

/** Where an element rests once Leaflet's zoom and pan animations have ended. */
async function settledBox(locator: Locator) {
  let last = await locator.boundingBox();
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const now = await locator.boundingBox();
    if (last && now && Math.abs(now.x - last.x) < 0.5 && Math.abs(now.y - last.y) < 0.5) return now;
    last = now;
  }
  throw new Error('the map did not come to rest within 5 s');
}

const DIRECTIONS = /^(geo:|https:\/\/(www\.google\.com\/maps\/dir\/|maps\.apple\.com\/))/;

/** The real maps (docs/maps.md): tiles, pins, the address pin, directions, offline and without tiles. */
export const mapJourneys: Journey[] = [
  journey(
    'Shoppers find lockers and shops on a real map and get directions',
    async ({ context, page, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Map Reader');
      const sites = (await (await fetch(`${baseUrl}/api/locker-locations`)).json()) as {
        sites: { id: string; type: string }[];
      };
      await signedIn(page, shopper, '/dashboard');
      await tilesShown(page, 'site-map');
      const pins = await pinsOf(page, 'site-map');
      assert.equal(pins.length, sites.sites.length, 'a pin for each site the shopper may use');
      assert.ok(
        pins.every((p) => /free now/.test(p)),
        `each pin says how many are free: ${pins.join(' | ')}`,
      );
      await expectVisibleText(page.getByTestId('site-map').locator('.map-pin__badge').first());
      const mapCode = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((e) => /\/assets\/leaflet-map-[^/]+\.js$/.test(e.name)),
        );
      // The map opens as a still picture of itself: Leaflet comes when the shopper reaches for it.
      assert.equal(await mapCode(), false, 'Leaflet is not loaded before the map is used');
      await screenshot('map-dashboard');
      const frame = await page.getByTestId('site-map').boundingBox();
      assert.ok(frame, 'the map is on screen');
      const before = await page.locator('[data-testid="site-map"] [data-marker]').first().boundingBox();
      // A drag from a spot clear of the pins: the first touch wakes the live map, the next drag pans it.
      const spot = { x: frame.x + 12, y: frame.y + frame.height - 30 };
      await page.mouse.move(spot.x, spot.y);
      await page.mouse.down();
      await page.mouse.up();
      await page.locator('[data-testid="site-map"] .leaflet-container').waitFor();
      assert.ok(await mapCode(), 'the map chunk loaded once the map was used');
      await tilesShown(page, 'site-map', 'img.leaflet-tile');
      const opened = await settledBox(page.locator('[data-testid="site-map"] [data-marker]').first());
      assert.ok(before);
      assert.ok(
        Math.abs(opened.x - before.x) < 2 && Math.abs(opened.y - before.y) < 2,
        `the live map opens where the still one was: ${JSON.stringify(before)} → ${JSON.stringify(opened)}`,
      );
      await page.mouse.move(spot.x, spot.y);
      await page.mouse.down();
      await page.mouse.move(spot.x + 60, spot.y - 20, { steps: 6 });
      await page.mouse.up();
      const panned = await page.locator('[data-testid="site-map"] [data-marker]').first().boundingBox();
      assert.ok(panned && panned.x - opened.x > 30, 'the live map pans under a drag');
      await page.goto('/dashboard');
      await tilesShown(page, 'site-map');

      // A pin opens its site, which has its own map and a way there.
      await page.getByTestId('site-map').locator('[data-marker]').first().click();
      await page.waitForURL(/\/booking\//);
      await tilesShown(page, 'site-map');
      const directions = page.getByTestId('directions');
      await expectVisibleText(directions, 'Directions');
      assert.match((await directions.getAttribute('href')) ?? '', DIRECTIONS);
      await screenshot('map-booking');

      // The shops near the shopper, coloured open or closed; a shop's page can be called.
      await page.goto('/myComplex');
      await tilesShown(page, 'shops-map');
      const shops = await pinsOf(page, 'shops-map');
      assert.ok(shops.length >= 3, 'the shops in range are on the map');
      assert.ok(
        shops.every((s) => /(open|closed) now/.test(s)),
        shops.join(' | '),
      );
      await screenshot('map-shops');
      await page.goto('/Search/sri-murugan-stores');
      await expectVisibleText(page.getByTestId('call'), 'Call');
      assert.equal(await page.getByTestId('call').getAttribute('href'), 'tel:+919443101978');
      assert.match((await page.getByTestId('directions').getAttribute('href')) ?? '', DIRECTIONS);

      await context.addInitScript(() => window.localStorage.setItem('language', 'ta'));
      await page.goto('/dashboard');
      await tilesShown(page, 'site-map');
      assert.ok(
        (await pinsOf(page, 'site-map')).every((p) => /[\u0B80-\u0BFF]/.test(p)),
        'pins named in Tamil',
      );
      await screenshot('ta-map-dashboard');
      await page.goto(`/booking/${sites.sites[0]!.id}`);
      await tilesShown(page, 'site-map');
      await expectVisibleText(page.getByTestId('directions'), 'வழி காட்டு');
      await screenshot('ta-map-booking');
    },
  ),
  journey(
    'Shoppers drag their address pin onto their street',
    async ({ context, page, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Pin Dragger');
      await signedIn(page, shopper, '/profile/MyAddress');
      await page.getByTestId('add-address').click();
      await page.getByTestId('address-label').fill('Home');
      await page.getByTestId('address-line1').fill('4 Thiruthangal Road');
      await tilesShown(page, 'town-map');
      const pin = page.getByTestId('map-pin');
      await pin.scrollIntoViewIfNeeded();
      const before = await pin.getAttribute('aria-label');
      const box = await pin.boundingBox();
      assert.ok(box, 'the pin is on the map');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height - 4);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height - 34, { steps: 8 });
      await page.mouse.up();
      await page.waitForFunction(
        (old) => document.querySelector('[data-testid="map-pin"]')?.getAttribute('aria-label') !== old,
        before,
      );
      await screenshot('map-address-pin');

      // Dragged far past the town's edge, the pin stays inside it.
      const moved = await pin.boundingBox();
      assert.ok(moved);
      await page.mouse.move(moved.x + moved.width / 2, moved.y + moved.height - 4);
      await page.mouse.down();
      await page.mouse.move(moved.x - 2000, moved.y - 2000, { steps: 10 });
      await page.mouse.up();
      await page.getByTestId('address-save').click();
      await page.getByTestId('address-list').waitFor();
      const saved = await asShopper<{ addresses: { lat: number; lng: number }[] }>(
        baseUrl,
        shopper,
        'GET',
        '/addresses',
      );
      const at = saved.addresses[0]!;
      assert.notDeepEqual({ lat: at.lat, lng: at.lng }, TOWN_CENTRE, 'the pin was moved');
      assert.ok(at.lat <= TOWN_BOUNDS.north && at.lat >= TOWN_BOUNDS.south, `inside the town: ${at.lat}`);
      assert.ok(at.lng <= TOWN_BOUNDS.east && at.lng >= TOWN_BOUNDS.west, `inside the town: ${at.lng}`);

      // The same form in Tamil: the pin's map and its hint.
      await context.addInitScript(() => window.localStorage.setItem('language', 'ta'));
      await page.reload();
      await page.getByTestId('add-address').click();
      await tilesShown(page, 'town-map');
      await page.getByTestId('town-map').scrollIntoViewIfNeeded();
      await expectVisibleText(page.locator('.town-map__caption'), /சிவகாசி/);
      await screenshot('ta-map-address-pin');
    },
  ),
  journey(
    'The map still shows offline, and without any tiles',
    async ({ browser, context, page, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Offline Mapper');
      await signedIn(page, shopper, '/dashboard');
      await serviceWorkerInControl(page);
      await page.goto('/dashboard');
      await tilesShown(page, 'site-map');

      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('offline-banner').waitFor();
      await tilesShown(page, 'site-map');
      await pinsOf(page, 'site-map');
      await screenshot('map-offline');
      // The same offline map in Tamil.
      await page.evaluate(() => window.localStorage.setItem('language', 'ta'));
      await page.reload();
      await tilesShown(page, 'site-map');
      assert.ok(
        (await pinsOf(page, 'site-map')).every((p) => /[\u0B80-\u0BFF]/.test(p)),
        'pins named in Tamil',
      );
      await screenshot('ta-map-offline');
      await context.setOffline(false);

      // No tile server at all: the pins stay, on the town's outline with its name.
      const bare = await newMobileContext(browser, baseUrl);
      try {
        const tab = await bare.newPage();
        await bare.route(/\/\d+\/\d+\/\d+\.png$/, (route) => route.abort());
        await signedIn(tab, shopper, '/dashboard');
        const pins = await pinsOf(tab, 'site-map');
        assert.ok(pins.length > 0);
        await expectVisibleText(
          tab.getByTestId('site-map').locator('.slippy-map__place').first(),
          'Sivakasi',
        );
        assert.equal(await tab.locator('.slippy-map--tiles').count(), 0, 'no tiles drawn');
        await saveScreenshot(tab, 'map-no-tiles');
        // In Tamil, the names drawn on the plain map are Tamil.
        await tab.evaluate(() => window.localStorage.setItem('language', 'ta'));
        await tab.reload();
        await pinsOf(tab, 'site-map');
        await expectVisibleText(tab.getByTestId('site-map').locator('.slippy-map__place').first(), 'சிவகாசி');
        await saveScreenshot(tab, 'ta-map-no-tiles');
      } finally {
        await bare.close();
      }
    },
  ),
];

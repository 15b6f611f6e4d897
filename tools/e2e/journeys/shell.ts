import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { serviceWorkerReady, waitForPath } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import { asShopper, newShopper, signedIn } from '../shopper.ts';
import { expectVisibleText } from '../visible.ts';

/** The app shell: routing and guards, public pages, installability, offline start and language. */

async function onLoginPage(page: Page): Promise<void> {
  await waitForPath(page, '/login');
  await page.getByTestId('page-login').waitFor();
}

/** Gives a late redirect (a guard, a lazy route) a chance to happen before we check where we are. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

export const shellJourneys: Journey[] = [
  journey('Visitors land on the sign-in page', async ({ page, screenshot }) => {
    await page.goto('/');
    await onLoginPage(page);
    await screenshot('login');
    // The first screen carries no map library: Leaflet comes with the screens that show a map.
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    assert.deepEqual(
      loaded.filter((url) => /leaflet/i.test(url)),
      [],
      'no map code on the first screen',
    );
  }),

  journey('Visitors who open a signed-in page are sent to sign in', async ({ page, screenshot }) => {
    await page.goto('/bookings');
    await onLoginPage(page);
    await screenshot('guarded-bookings');
  }),

  journey('Visitors who follow a broken link see a not-found page', async ({ page, screenshot }) => {
    await page.goto('/no-such-page');
    const notFound = page.getByTestId('not-found');
    await notFound.waitFor();
    await notFound.getByRole('heading').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/no-such-page', 'the address stays as typed');
    await screenshot('not-found');
  }),

  journey(
    'A link to something that is gone is said in words for people, in English and Tamil',
    async ({ page, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Gone Link');
      await signedIn(page, shopper, '/productDetails/no-such-product');
      await expectVisibleText(page.getByRole('alert'), 'That product was not found.');
      await screenshot('product-not-found');
      await page.goto('/emailVerification/abc');
      const failed = page.getByTestId('email-verification-failed');
      await expectVisibleText(failed);
      assert.doesNotMatch(await failed.innerText(), /too small|expected string|characters/i);
      await expectVisibleText(failed, 'This link is incomplete or was changed.');

      await page.evaluate(() => window.localStorage.setItem('language', 'ta'));
      await page.goto('/productDetails/no-such-product');
      await expectVisibleText(page.getByRole('alert'), 'அந்தப் பொருள் கிடைக்கவில்லை.');
      await screenshot('ta-product-not-found');
      await page.goto('/emailVerification/abc');
      await expectVisibleText(page.getByTestId('email-verification-failed'));
      assert.match(await page.getByTestId('email-verification-failed').innerText(), /[\u0B80-\u0BFF]/);
      await screenshot('ta-email-link-not-valid');
    },
  ),

  journey(
    'Anyone can read the privacy policy and the prices without signing in',
    async ({ page, screenshot }) => {
      for (const path of ['/privacy-policy', '/pricing']) {
        await page.goto(path);
        await page.getByRole('heading').first().waitFor();
        await settle(page);
        assert.equal(new URL(page.url()).pathname, path, `${path} opens without a redirect`);
        assert.equal(await page.getByTestId('page-login').count(), 0, `${path} is not the sign-in page`);
        assert.equal(await page.getByTestId('not-found').count(), 0, `${path} is not the not-found page`);
        await screenshot(path.slice(1));
      }
    },
  ),

  journey('People can install the app on their phone', async ({ page, baseUrl }) => {
    const res = await page.request.get('/manifest.webmanifest');
    assert.equal(res.status(), 200, 'GET /manifest.webmanifest');
    const manifest = (await res.json()) as Record<string, unknown>;
    for (const field of ['name', 'short_name', 'start_url', 'theme_color']) {
      assert.ok(typeof manifest[field] === 'string' && manifest[field] !== '', `manifest has ${field}`);
    }
    assert.equal(manifest.display, 'standalone', 'manifest display');
    const icons = (manifest.icons ?? []) as Array<{ src: string; sizes?: string; purpose?: string }>;
    const sizes = icons.flatMap((i) => (i.sizes ?? '').split(/\s+/));
    assert.ok(sizes.includes('192x192'), `a 192x192 icon (has ${sizes.join(', ') || 'none'})`);
    assert.ok(sizes.includes('512x512'), `a 512x512 icon (has ${sizes.join(', ') || 'none'})`);
    assert.ok(
      icons.some((i) => (i.purpose ?? '').split(/\s+/).includes('maskable')),
      'an icon with purpose "maskable"',
    );
    for (const icon of icons) {
      const url = new URL(icon.src, `${baseUrl}/manifest.webmanifest`).toString();
      const got = await page.request.get(url);
      assert.equal(got.status(), 200, `icon ${icon.src} loads`);
      assert.match(got.headers()['content-type'] ?? '', /^image\//, `icon ${icon.src} is an image`);
    }

    await page.goto('/login');
    await page.getByTestId('page-login').waitFor();
    assert.equal(await page.locator('link[rel="manifest"]').count(), 1, 'the page links its manifest');
    const worker = await serviceWorkerReady(page);
    assert.equal(worker.scope, `${baseUrl}/`, 'service worker scope');
    assert.equal(worker.script, `${baseUrl}/sw.js`, 'service worker script');

    // The install sheet's pictures and the icon's shortcuts.
    const screenshots = (manifest.screenshots ?? []) as Array<{
      src: string;
      sizes: string;
      form_factor?: string;
    }>;
    assert.ok(screenshots.length >= 3, 'screenshots for the install sheet');
    for (const shot of screenshots) {
      const got = await page.request.get(new URL(shot.src, baseUrl).toString());
      assert.equal(got.status(), 200, `screenshot ${shot.src} loads`);
      const png = await got.body();
      const [w, h] = shot.sizes.split('x').map(Number);
      assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [w, h], `${shot.src} is ${shot.sizes}`);
    }
    const shortcuts = (manifest.shortcuts ?? []) as Array<{ name: string; url: string }>;
    assert.deepEqual(
      shortcuts.map((s) => [s.name, s.url]),
      [
        ['Book a locker', '/dashboard'],
        ['Shop', '/myComplex'],
        ['My orders', '/profile/MyOrders'],
      ],
    );
  }),

  journey(
    'After a first booking the app offers to install itself, not before',
    async ({ page, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Install Later');
      // Chromium offers installing on its own schedule; here the offer comes with each page. (A string,
      // not a function: the test runner's compiler would add helpers the page does not have.)
      await page.addInitScript(`addEventListener('load', () => {
        const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => { window.installAsked = true; },
          userChoice: Promise.resolve({ outcome: 'accepted' }),
        });
        dispatchEvent(offer);
      });`);
      await signedIn(page, shopper, '/dashboard');
      await page.getByTestId('site-list').waitFor();
      assert.equal(await page.getByTestId('install-offer').count(), 0, 'no offer before a booking');

      const held = await asShopper<{ id: string; siteId: string }>(baseUrl, shopper, 'POST', '/bookings', {
        siteId: 'bus-stand',
        size: 'S',
        durationHours: 1,
      });
      await page.goto(`/booking/${held.siteId}?booking=${held.id}`);
      const offer = page.getByTestId('install-offer');
      await expectVisibleText(offer.getByRole('heading'), 'Install Petti on your phone');
      await screenshot('install-offer');
      await offer.getByTestId('install-app').click();
      await page.waitForFunction(
        () => (window as unknown as { installAsked?: boolean }).installAsked === true,
      );
      await offer.waitFor({ state: 'detached' });
    },
  ),

  journey('Tamil speakers see the app in Tamil', async ({ context, page, screenshot }) => {
    await context.addInitScript(() => window.localStorage.setItem('language', 'ta'));
    await page.goto('/login');
    await page.getByTestId('page-login').waitFor();
    await page
      .waitForFunction(() => document.documentElement.lang === 'ta', undefined, { timeout: 10_000 })
      .catch(async () => {
        const lang = await page.evaluate(() => document.documentElement.lang);
        throw new Error(`expected <html lang="ta">, got lang="${lang}"`);
      });
    await screenshot('login-ta');
  }),

  // Stops its server, so it has one of its own. Playwright's setOffline alone does not always cut a
  // service worker off from the network, hence the stopped server as well.
  journey(
    'The app opens without a connection once it has been visited',
    async ({ context, page, server, screenshot }) => {
      await page.goto('/login');
      await page.getByTestId('page-login').waitFor();
      await serviceWorkerReady(page);
      const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
      if (!(await controlled())) {
        await page.reload();
        await page.getByTestId('page-login').waitFor();
      }
      await page
        .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 })
        .catch(() => {
          throw new Error('the service worker does not control the page, even after a reload');
        });
      assert.equal(
        await page.getByTestId('offline-banner').isVisible(),
        false,
        'no offline banner while online',
      );

      await server.stop();
      await context.setOffline(true);
      await page.reload().catch((err: unknown) => {
        throw new Error(`reloading without a connection failed: ${err instanceof Error ? err.message : err}`);
      });
      await page.getByTestId('page-login').waitFor();
      await page.getByTestId('offline-banner').waitFor();
      await screenshot('offline');
    },
    { ownServer: true },
  ),
];

import assert from 'node:assert/strict';
import { serviceWorkerReady } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import { json, newShopper, payOnTestpay, signedIn } from '../shopper.ts';
import { expectInViewAsOpened, expectVisibleText, fitsThePhone } from '../visible.ts';

/**
 * Smart lockers (docs/product.md#lockers, docs/lockers.md): find a site, book, pay through testpay, open with
 * the PIN on the simulated keypad and watch the booking go live, end it, find it in past bookings, and still
 * read the PIN with the phone offline.
 */

const SITE = 'bus-stand';

export const lockerJourneys: Journey[] = [
  journey(
    'A shopper books a locker, pays, opens it with the PIN, ends it, and can read a PIN offline',
    async ({ page, context, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Locker Journey');
      await signedIn(page, shopper, '/dashboard');

      await page.getByTestId('page-dashboard').waitFor();
      await page.getByTestId('no-live-bookings').waitFor();
      await page.getByTestId(`book-${SITE}`).waitFor();
      assert.ok((await page.getByTestId('site-list').locator('li').count()) >= 5, 'the sites are listed');
      await screenshot('lockers-dashboard');

      await page.getByTestId(`book-${SITE}`).click();
      await page.waitForURL((url) => url.pathname === `/booking/${SITE}`);
      await page.getByTestId('booking-form').waitFor();
      await page.getByTestId('size-M').check({ force: true });
      await page
        .getByTestId('booking-price')
        .getByText(/To pay ₹/)
        .waitFor();
      await screenshot('lockers-booking-form');
      await page.getByTestId('book-submit').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Book' }).click();

      await payOnTestpay(page);
      await page.waitForURL((url) => url.pathname === `/booking/${SITE}` && url.searchParams.has('booking'));
      const bookingId = new URL(page.url()).searchParams.get('booking');
      assert.ok(bookingId);
      await page.locator('[data-testid="payment-outcome"][data-state="paid"]').waitFor({ timeout: 15_000 });
      assert.equal(
        new URL(page.url()).search,
        `?booking=${bookingId}`,
        'only the booking stays in the address',
      );
      await page
        .locator('[data-testid="booking-status"][data-state="reserved"]')
        .waitFor({ timeout: 15_000 });
      // Back from paying, the page is the booking, its PIN in sight without scrolling.
      await expectInViewAsOpened(page.getByTestId('booking-pin'));
      await expectVisibleText(page.getByRole('heading', { level: 1 }), 'Your locker');
      assert.equal(await page.title(), 'Your locker · Petti');
      const pin = (await page.getByTestId('booking-pin').innerText()).replace(/\D/g, '');
      assert.match(pin, /^\d{6}$/);
      await screenshot('lockers-reserved-pin');

      // Someone types the PIN on the site's keypad: the page follows live, without a reload.
      const keypad = await json<{ ok: boolean }>(
        await fetch(`${baseUrl}/api/dev/locker-sim/keypad`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ siteId: SITE, pin }),
        }),
        'POST /api/dev/locker-sim/keypad',
      );
      assert.equal(keypad.ok, true, 'the keypad accepts the PIN');
      await page.locator('[data-testid="booking-status"][data-state="active"]').waitFor({ timeout: 15_000 });
      const rotated = (await page.getByTestId('booking-pin').innerText()).replace(/\D/g, '');
      assert.notEqual(rotated, pin, 'a new PIN replaces the one just used');
      await screenshot('lockers-active');
      // Adding hours says what they cost before the checkout, as booking does.
      await expectVisibleText(page.getByTestId('extend-price'), /To pay ₹\d+/);
      await expectVisibleText(page.getByTestId('extend-booking'), /^Add 1 h, pay ₹\d+$/);
      await screenshot('lockers-extend-price');
      // In Tamil on a 360 px phone the hours to add and the button beside them are read whole.
      await page.setViewportSize({ width: 360, height: 740 });
      await page.evaluate(() => localStorage.setItem('language', 'ta'));
      await page.reload();
      await expectVisibleText(page.getByTestId('extend-price'), /₹\d+/);
      await fitsThePhone(page, 'an active booking in Tamil');
      await screenshot('lockers-extend-ta-360');
      await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.setViewportSize({ width: 390, height: 844 });

      // The app installed for offline use (the service worker controls the page after a reload), then
      // pages seen online: the payment history and the profile.
      await serviceWorkerReady(page);
      await page.reload();
      assert.ok(
        await page.evaluate(() => Boolean(navigator.serviceWorker?.controller)),
        'the app works offline',
      );
      await page.goto('/bookings');
      await page.getByTestId('payment-row').first().waitFor({ timeout: 15_000 });
      await page.goto('/myProfile');
      await page.getByTestId('profile-phone').waitFor({ timeout: 15_000 });
      // The dashboard keeps the PIN on the phone: offline it is still there, with where and which door.
      await page.goto('/dashboard');
      await page.getByTestId('live-booking').getByTestId('booking-pin').waitFor();
      await context.setOffline(true);
      const offlinePin = page.getByTestId('offline-pins').getByTestId('booking-pin');
      await offlinePin.waitFor({ timeout: 15_000 });
      assert.equal((await offlinePin.innerText()).replace(/\D/g, ''), rotated);
      await expectVisibleText(page.getByTestId('offline-pin-site'), /locker at/);
      await expectVisibleText(page.getByTestId('offline-pin-locker'), /Locker /);
      // The PIN survives a reload with no network too, and the pages seen before stay readable.
      await page.reload();
      await offlinePin.waitFor({ timeout: 15_000 });
      await expectVisibleText(page.getByTestId('offline-pin-site'), /locker at/);
      await page.goto('/bookings');
      await expectVisibleText(page.getByTestId('payment-row').first());
      await page.goto('/myProfile');
      await expectVisibleText(page.getByTestId('profile-phone'));
      await page.goto('/dashboard');
      await offlinePin.waitFor({ timeout: 15_000 });
      await screenshot('lockers-offline-pin');
      await context.setOffline(false);

      await page.goto(`/booking/${SITE}?booking=${bookingId}`);
      await page.getByTestId('end-booking').click();
      // The way out of the dialog says what it does: a plain "Cancel" beside a booking reads as
      // cancelling the booking.
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Keep using it' }).waitFor();
      assert.equal(await dialog.getByRole('button', { name: 'Cancel', exact: true }).count(), 0);
      await dialog.getByRole('button', { name: 'End booking' }).click();
      await page.locator('[data-testid="booking-status"][data-state="ended"]').waitFor({ timeout: 15_000 });
      assert.equal(await page.getByTestId('booking-pin').count(), 0, 'an ended booking shows no PIN');

      await page.goto('/dashboard');
      await page.getByTestId('show-past').click();
      await page.getByTestId('past-list').locator('[data-state="ended"]').first().waitFor();
      await screenshot('lockers-past');
    },
  ),
  journey(
    'A locker site closed now offers its next opening as the start, with its price, in English and Tamil',
    async ({ context, page, baseUrl, screenshot }) => {
      // The site's hours as the app reads them: open for one hour from two hours ahead (town time). The
      // server's own rule for closed sites is tested with the bookings; this is what the shopper sees.
      const town = new Date(Date.now() + 330 * 60_000);
      const hour = (h: number) => `${String((town.getUTCHours() + h) % 24).padStart(2, '0')}:00`;
      const hours = { open: hour(2), close: hour(3) === '00:00' ? '24:00' : hour(3) };
      await context.route('**/api/locker-locations', async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as {
          sites: Array<{ id: string; hours: unknown; openNow: boolean }>;
        };
        for (const site of body.sites) if (site.id === SITE) Object.assign(site, { hours, openNow: false });
        await route.fulfill({ response: answer, json: body });
      });
      const shopper = await newShopper(baseUrl, 'Early Bird');
      await signedIn(page, shopper, `/booking/${SITE}`);
      await expectVisibleText(page.getByTestId('site-closed-start'), 'This site is closed now. It opens at');
      assert.ok(await page.getByTestId('start-now').isDisabled(), '"Now" is not offered while it is closed');
      await expectVisibleText(page.getByTestId('booking-price'), /To pay ₹/);
      assert.equal(await page.getByTestId('booking-price').getByText('Could not get the price').count(), 0);
      await screenshot('lockers-site-closed');
      await page.evaluate(() => window.localStorage.setItem('language', 'ta'));
      await page.reload();
      await expectVisibleText(page.getByTestId('site-closed-start'), 'இந்த இடம் இப்போது மூடியுள்ளது');
      await expectVisibleText(page.getByTestId('booking-price'), /₹/);
      await screenshot('ta-lockers-site-closed');
    },
  ),
];

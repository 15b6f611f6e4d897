import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { newMobileContext, screenshot as snap } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import { asOps, newShopper, signedIn } from '../shopper.ts';
import { expectVisibleText, fitsThePhone } from '../visible.ts';

/**
 * A locker site's state as shoppers see it, read from the server on every load and live
 * (docs/lockers.md#locker-sites): a site closed for repairs looks closed, until when, with nothing to
 * book, and its booking page says why; reopened, it can be booked again.
 */

/** No other journey books here, so closing it moves nobody's booking. */
const SITE = 'ajna-college';

/**
 * Resolves once the page's live connection has asked for the sites' topic (an MQTT SUBSCRIBE naming
 * it): from then on a change reaches it as it happens, not at the next half-minute read.
 */
function listensToSites(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framesent', ({ payload }) => {
        if (Buffer.from(payload).includes('public/locker-sites')) resolve();
      }),
    );
  });
}

export const lockerSiteJourneys: Journey[] = [
  journey(
    'A site closed for repairs shows as closed to shoppers at once, with no Book button and its booking page saying why; reopened, it can be booked again, in English and Tamil',
    async ({ browser, page, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Meena Closed');
      const homeListening = listensToSites(page);
      await signedIn(page, shopper, '/dashboard');
      const row = page.locator('li.site-row', { has: page.getByTestId(`site-${SITE}`) });
      await expectVisibleText(row.getByTestId(`book-${SITE}`), 'Book here');

      // Another shopper, in Tamil, has the site's booking page open on their phone.
      const tamil = await newMobileContext(browser, baseUrl);
      await tamil.addInitScript(() => window.localStorage.setItem('language', 'ta'));
      const other = await tamil.newPage();
      const otherListening = listensToSites(other);
      await signedIn(other, await newShopper(baseUrl, 'Selvam Closed'), `/booking/${SITE}`);
      await expectVisibleText(other.getByTestId('booking-form'));

      // A technician takes the whole site out for repairs, back tomorrow.
      await Promise.all([homeListening, otherListening]);
      const closedAt = Date.now();
      const back = new Date(Date.now() + 26 * 3_600_000).toISOString();
      const closed = await asOps(baseUrl, 'PUT', `/ops/locker-sites/${SITE}/service`, {
        inService: false,
        until: back,
      });
      assert.equal(closed.status, 200, await closed.text());

      // Both phones follow without a reload: the Home's row says closed until when, with no Book button.
      await expectVisibleText(row.getByTestId(`closed-${SITE}`), /^Closed for repairs until /);
      // The server's word, not the Home's half-minute read (which may come sooner only by chance).
      const tookMs = Date.now() - closedAt;
      assert.ok(tookMs < 20_000, `the Home said so ${tookMs} ms after: the news did not reach it live`);
      assert.equal(await row.getByTestId(`book-${SITE}`).count(), 0, 'no Book button on a closed site');
      await expectVisibleText(row.getByText('No bookings here until it reopens.'));
      await fitsThePhone(page, 'the Home with a site closed for repairs');
      await screenshot('site-closed-home');

      // The booking page gives way to why, in Tamil.
      await expectVisibleText(
        other.getByTestId('site-closed'),
        /பழுதுபார்ப்புக்காக மூடப்பட்டுள்ளதால் இப்போது முன்பதிவுகளை ஏற்காது/,
      );
      await expectVisibleText(other.getByTestId(`closed-${SITE}`), /வரை பழுதுபார்ப்புக்காக மூடப்பட்டுள்ளது/);
      assert.equal(await other.getByTestId('booking-form').count(), 0, 'no booking form on a closed site');
      await fitsThePhone(other, 'a closed site’s booking page in Tamil');
      await snap(other, 'site-closed-booking-ta');

      // Opened later, or reloaded, the app still says so: it reads the server, not a remembered event.
      const listening = listensToSites(page);
      await page.goto(`/booking/${SITE}`);
      await expectVisibleText(
        page.getByTestId('site-closed'),
        /closed for repairs, so it takes no bookings now/,
      );
      await screenshot('site-closed-booking');

      // Repaired: the site takes bookings again, on both phones, as it happens.
      await listening;
      const reopened = await asOps(baseUrl, 'PUT', `/ops/locker-sites/${SITE}/service`, { inService: true });
      assert.equal(reopened.status, 200, await reopened.text());
      await expectVisibleText(page.getByTestId('booking-form'));
      await expectVisibleText(other.getByTestId('booking-form'));
      assert.equal(await other.getByTestId('site-closed').count(), 0);
      await tamil.close();
    },
  ),
];

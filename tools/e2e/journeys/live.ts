import assert from 'node:assert/strict';
import { pastResendWait, screenshot as save, waitForPath } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import { existingShopper, newShopper, payOnTestpay, signedIn } from '../shopper.ts';

/**
 * Real-time updates (docs/product.md#real-time-events): what one phone does reaches the user's other phone
 * live — a toast, the notifications badge counting up, the notification listed — and the header says when
 * live updates are down.
 */

const SITE = 'bus-stand';

export const liveJourneys: Journey[] = [
  journey(
    "Another device's booking shows up live as a toast and a notification, and the header says when live updates are down",
    async ({ browser, page, context, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Live Journey');
      // The watching phone: this context. It has its own device session id.
      await signedIn(page, shopper, '/notifications');
      await page.getByTestId('notifications-empty').waitFor({ timeout: 15_000 });
      assert.equal(await page.getByTestId('notifications-badge').count(), 0, 'no unread badge yet');
      // Connected: no indicator (give the client time to connect first).
      await page.waitForTimeout(1500);
      assert.equal(await page.getByTestId('live-indicator').count(), 0, 'no indicator while connected');
      await screenshot('live-watching');

      // The other phone: a second context (another device session id) books and pays.
      const other = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
      try {
        const payer = await other.newPage();
        await signedIn(payer, shopper, `/booking/${SITE}`);
        await payer.getByTestId('booking-form').waitFor({ timeout: 15_000 });
        await payer.getByTestId('size-M').check({ force: true });
        await payer
          .getByTestId('booking-price')
          .getByText(/To pay ₹/)
          .waitFor();
        await payer.getByTestId('book-submit').click();
        await payer.getByRole('dialog').getByRole('button', { name: 'Book' }).click();
        await payOnTestpay(payer);
        await payer.waitForURL((url) => url.searchParams.has('booking'));
      } finally {
        await other.close();
      }

      // The watching phone heard it live: a toast, a badge, the notification listed.
      await page.locator('.toast').first().waitFor({ timeout: 15_000 });
      const badge = page.getByTestId('notifications-badge');
      await badge.waitFor({ timeout: 15_000 });
      assert.ok(Number((await badge.innerText()).replace(/\D/g, '')) >= 1, 'the badge counts unread');
      await page.getByTestId('notifications-list').getByTestId('notification').first().waitFor({
        timeout: 15_000,
      });
      await screenshot('live-toast-and-badge');

      // No network: the header says live updates are down.
      await context.setOffline(true);
      await page.getByTestId('live-indicator').waitFor({ timeout: 15_000 });
      const label = await page.getByTestId('live-indicator').getAttribute('title');
      assert.ok(label && label.length > 0, 'the indicator says why (title and screen-reader text)');
      await screenshot('live-offline-indicator');
      // The sign fits a 360 px phone's app bar in both languages: nothing scrolls sideways, and the
      // language switch is whole.
      await page.setViewportSize({ width: 360, height: 740 });
      for (const [language, label] of [
        ['தமிழ்', 'நேரலை இல்லை'],
        ['EN', 'Not live'],
      ] as const) {
        await page.locator('.lang-switch').getByRole('button', { name: language }).click();
        await page.getByTestId('live-indicator').getByText(label).waitFor();
        const { scrollWidth, switchRight } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          switchRight: document.querySelector('.lang-switch')!.getBoundingClientRect().right,
        }));
        assert.ok(scrollWidth <= 360, `${label}: the page is ${scrollWidth} px wide at 360`);
        assert.ok(switchRight <= 360, `${label}: the language switch ends at ${switchRight} px`);
        await screenshot(`live-offline-indicator-360-${language === 'EN' ? 'en' : 'ta'}`);
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await context.setOffline(false);
    },
  ),
  journey(
    'Signing out everywhere on one phone signs the other phone out at once, with nothing left on its screen',
    async ({ browser, page, baseUrl }) => {
      // Two phones, two sign-in sessions of one shopper (a second code only after the resend wait).
      const shopper = await newShopper(baseUrl, 'Two Phones');
      const me = (await (
        await fetch(`${baseUrl}/api/me`, {
          headers: { authorization: `Bearer ${shopper.accessToken}`, 'x-client-id': shopper.clientId },
        })
      ).json()) as { phone: string };
      await pastResendWait();
      const secondSession = await existingShopper(baseUrl, me.phone);
      const other = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
      try {
        const phone2 = await other.newPage();
        await signedIn(phone2, secondSession, '/myProfile');
        await phone2.getByTestId('page-myProfile').waitFor({ timeout: 15_000 });
        // Connected live (no indicator) before the other phone acts.
        await phone2.waitForTimeout(1500);
        assert.equal(await phone2.getByTestId('live-indicator').count(), 0, 'phone 2 is live');

        await signedIn(page, shopper, '/settings');
        await page.getByTestId('sign-out-everywhere').click();
        await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
        await waitForPath(page, '/login');
        // Phone 2 did nothing: it is sent to sign-in by itself, its data gone.
        await waitForPath(phone2, '/login', 15_000);
        const left = await phone2.evaluate(() => localStorage.getItem('lastSignedInUser'));
        assert.equal(left, null, 'phone 2 forgot the session');
        await save(phone2, 'signed-out-everywhere-other-phone');
      } finally {
        await other.close();
      }
    },
    { timeoutMs: 120_000 },
  ),
];

import assert from 'node:assert/strict';
import type { Page, Worker } from 'playwright-core';
import { serviceWorkerInControl } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import { asShopper, newShopper, signedIn } from '../shopper.ts';
import { expectVisibleText } from '../visible.ts';

interface Registration {
  registrationId: string;
  scopeURL: string;
  isDeleted: boolean;
}

/** The notifications the service worker is showing (with this tag), once there is one (10 s at most). */
async function shownNotifications(page: Page, tag?: string): Promise<{ title: string; body: string }[]> {
  for (let tries = 0; tries < 50; tries++) {
    const shown = await page.evaluate(
      async (wanted) =>
        (
          await (await navigator.serviceWorker.ready).getNotifications(wanted ? { tag: wanted } : undefined)
        ).map((n) => ({ title: n.title, body: n.body })),
      tag,
    );
    if (shown.length > 0) return shown;
    await page.waitForTimeout(200);
  }
  return [];
}

/** Taps the shown notification with this tag, as the phone would (a notificationclick in the worker). */
async function tapNotification(worker: Worker, tag: string): Promise<void> {
  await worker.evaluate(async (wanted) => {
    // The worker's own globals, which the page's DOM types do not describe.
    const scope = globalThis as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
  }, tag);
}

/** Alerts outside the app (docs/alerts.md): the settings, and a push shown by the service worker and tapped. */
export const alertJourneys: Journey[] = [
  journey(
    'A shopper chooses their alerts, and a push about their locker ending opens the booking on a tap',
    async ({ context, page, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Alert Reader');
      await context.grantPermissions(['notifications'], { origin: baseUrl });
      const held = await asShopper<{ id: string; siteId: string }>(baseUrl, shopper, 'POST', '/bookings', {
        siteId: 'bus-stand',
        size: 'S',
        durationHours: 1,
      });

      // The choices, kept on the account.
      await signedIn(page, shopper, '/settings');
      const panel = page.getByTestId('alerts-panel');
      await expectVisibleText(panel.getByRole('heading', { level: 2 }), 'Alerts on this phone');
      await expectVisibleText(panel.getByText('Locker time ending', { exact: true }));
      const refund = page.getByTestId('alert-refund');
      assert.equal(await refund.isChecked(), true, 'every alert starts on');
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/push/preferences') && r.request().method() === 'PUT',
      );
      await refund.uncheck();
      assert.equal((await saved).status(), 200);
      await page.reload();
      await page.getByTestId('alert-lockerEnding').waitFor();
      assert.equal(await page.getByTestId('alert-refund').isChecked(), false, 'the choice was kept');
      await panel.scrollIntoViewIfNeeded();
      await screenshot('alerts-settings');

      // The service worker in control, then a push delivered to it as the push service would.
      await serviceWorkerInControl(page);
      const cdp = await context.newCDPSession(page);
      const registered = new Promise<Registration>((resolve) => {
        cdp.on(
          'ServiceWorker.workerRegistrationUpdated',
          ({ registrations }: { registrations: Registration[] }) => {
            const mine = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(baseUrl));
            if (mine) resolve(mine);
          },
        );
      });
      await cdp.send('ServiceWorker.enable');
      const { registrationId } = await registered;
      await page.goto('/dashboard');
      // What the server sends for a locker ending (docs/alerts.md), delivered as the push service would.
      const deliver = (id: string, body: { en: string; ta: string }) =>
        cdp.send('ServiceWorker.deliverPushMessage', {
          origin: baseUrl,
          registrationId,
          data: JSON.stringify({
            id,
            alert: 'lockerEnding',
            title: { en: 'Locker time ending soon', ta: 'லாக்கர் நேரம் விரைவில் முடிகிறது' },
            body,
            url: `/booking/${held.siteId}?booking=${held.id}`,
          }),
        });
      await deliver('alert-1', {
        en: 'Your time at Bus Stand Lockers ends at 11:30 am.',
        ta: 'உங்கள் நேரம் முடிகிறது.',
      });
      const notes = await shownNotifications(page);
      assert.deepEqual(notes, [
        { title: 'Locker time ending soon', body: 'Your time at Bus Stand Lockers ends at 11:30 am.' },
      ]);

      // A tap on it opens the booking.
      const worker = context.serviceWorkers().find((w) => w.url().startsWith(baseUrl));
      assert.ok(worker, 'the service worker is running');
      await tapNotification(worker, 'alert-1');
      await page.waitForURL(
        (url) => url.pathname === `/booking/${held.siteId}` && url.search.includes(held.id),
      );
      await page.getByTestId(`site-${held.siteId}`).waitFor();
      await screenshot('alert-opened-booking');

      // In Tamil: the app tells the service worker its language, and the next alert reads in Tamil.
      await page.goto('/settings');
      await page.locator('label:has([data-testid="language-ta"])').click();
      await page.waitForFunction(async () => {
        const answer = await (await caches.open('petti-alerts-language')).match('/__alerts-language');
        return (await answer?.text()) === 'ta';
      });
      await expectVisibleText(
        page.getByTestId('alerts-panel').getByRole('heading', { level: 2 }),
        'இந்தக் கைபேசியில் அறிவிப்புகள்',
      );
      await page.getByTestId('alerts-panel').scrollIntoViewIfNeeded();
      await screenshot('ta-alerts-settings');
      await deliver('alert-2', {
        en: 'Your time ends at 11:30 am.',
        ta: 'உங்கள் நேரம் முற்பகல் 11:30-க்கு முடிகிறது.',
      });
      assert.deepEqual(
        (await shownNotifications(page, 'alert-2')).map((n) => n.title),
        ['லாக்கர் நேரம் விரைவில் முடிகிறது'],
      );
      await tapNotification(worker, 'alert-2');
      await page.waitForURL(
        (url) => url.pathname === `/booking/${held.siteId}` && url.search.includes(held.id),
      );
      await page.getByTestId(`site-${held.siteId}`).waitFor();
      assert.ok(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        'the booking in Tamil fits the phone’s width',
      );
      await screenshot('ta-alert-opened-booking');
    },
  ),
];

import assert from 'node:assert/strict';
import { type Journey, journey } from '../runner.ts';
import { asOps, asShopper, bookOnTheForm, newShopper, signedIn } from '../shopper.ts';
import { expectVisibleText, fitsThePhone } from '../visible.ts';

/**
 * A locker site that loses its network keeps opening (docs/locker-protocol.md#offline): the keypad
 * checks PINs by itself, a booking made meanwhile gets a PIN it can check, and once the site is back
 * the shopper's booking shows when it was really opened.
 */

/** Open round the clock, so a booking starts now at whatever hour the journey runs. */
const SITE = 'bus-stand';
const OFFLINE_AFTER_S = 15;

interface SimSite {
  siteId: string;
  online: boolean;
  pinsAt: string | null;
  pinBookings: string[];
  pendingLog: number;
}

async function simSite(baseUrl: string): Promise<SimSite> {
  const res = await asOps(baseUrl, 'GET', '/dev/locker-sim');
  const body = (await res.json()) as { sites: SimSite[] };
  const site = body.sites.find((s) => s.siteId === SITE);
  assert.ok(site, `the simulator plays ${SITE}`);
  return site;
}

async function waitFor(
  what: string | (() => string),
  check: () => Promise<boolean>,
  seconds: number,
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, typeof what === 'string' ? what : what());
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function typeAtKeypad(baseUrl: string, pin: string) {
  const res = await asOps(baseUrl, 'POST', '/dev/locker-sim/keypad', { siteId: SITE, pin });
  return (await res.json()) as { ok: boolean; lockerId?: string; reason?: string; offline?: boolean };
}

export const offlineLockerJourneys: Journey[] = [
  journey(
    'A site loses its network: the keypad still opens, a booking made meanwhile opens, and the history shows the real time',
    async ({ page, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Kavya Offline');
      await signedIn(page, shopper, `/booking/${SITE}`);
      const first = await bookOnTheForm(page, 'M');
      // The site's controller holds the new PIN (hashed) before it loses its link: a list that
      // carries this booking (one made before the booking was paid would not).
      let held: SimSite | null = null;
      await waitFor(
        () => `the controller got a PIN list with booking ${first.id} (it has ${JSON.stringify(held)})`,
        async () => {
          held = await simSite(baseUrl);
          return held.pinBookings.includes(first.id);
        },
        15,
      );

      // The router at the site loses power: once the heartbeats stop for long enough, the shopper is
      // told, on the booking's own screen, that the keypad still takes their PIN.
      assert.equal(
        (await asOps(baseUrl, 'POST', '/dev/locker-sim/fault', { siteId: SITE, kind: 'offline' })).status,
        204,
      );
      const note = page.getByTestId('offline-pin-note');
      await note.waitFor({ timeout: (OFFLINE_AFTER_S + 30) * 1000 });
      await expectVisibleText(
        note,
        /This site is offline right now\. Your PIN still opens your locker at the keypad until/,
      );
      await fitsThePhone(page, 'a booking at an offline site');
      await screenshot('offline-site-pin-still-works');
      // The app opens the door no more meanwhile, so it offers no Open button.
      assert.equal(await page.getByTestId('open-locker').count(), 0, 'no Open from the app while offline');

      // Reloaded (or opened again later, in Tamil), the booking still says what works: it is read
      // from the server, not kept from the event.
      await page.evaluate(() => window.localStorage.setItem('language', 'ta'));
      await page.reload();
      await expectVisibleText(
        page.getByTestId('offline-pin-note'),
        /இந்த இடம் இப்போது இணைப்பில் இல்லை\. .* வரை விசைப்பலகையில் உங்கள் PIN லாக்கரைத் திறக்கும்/,
      );
      assert.equal(await page.getByTestId('open-locker').count(), 0, 'no Open from the app after a reload');
      await fitsThePhone(page, 'a booking at an offline site, reloaded, in Tamil');
      await screenshot('offline-site-pin-still-works-ta');
      await page.evaluate(() => window.localStorage.setItem('language', 'en'));
      await page.reload();
      await expectVisibleText(page.getByTestId('offline-pin-note'), /Your PIN still opens your locker/);

      // At the locker: the keypad decides by itself and opens the door.
      const typedFrom = Date.now();
      const typed = await typeAtKeypad(baseUrl, first.pin);
      const typedBy = Date.now();
      assert.deepEqual(typed, { ok: true, lockerId: typed.lockerId, offline: true });

      // A second booking while the site is still offline: the form says what will work.
      await page.goto(`/booking/${SITE}`);
      await expectVisibleText(page.getByTestId('offline-booking-note'), /You can still book/);
      await screenshot('offline-site-booking-form');
      const second = await bookOnTheForm(page, 'S');
      assert.notEqual(second.pin, first.pin);
      const derived = await typeAtKeypad(baseUrl, second.pin);
      assert.equal(
        derived.ok,
        true,
        `the keypad opens the PIN of a booking made offline: ${JSON.stringify(derived)}`,
      );
      assert.equal(derived.offline, true);

      // The link is back: the controller replays what happened, and each booking shows its real opening.
      const onlineFrom = Date.now();
      assert.equal(
        (await asOps(baseUrl, 'POST', '/dev/locker-sim/fault', { siteId: SITE, kind: 'online' })).status,
        204,
      );
      await waitFor('the offline log was applied', async () => (await simSite(baseUrl)).pendingLog === 0, 20);
      const back = await asShopper<{ state: string; openedAt: string | null }>(
        baseUrl,
        shopper,
        'GET',
        `/bookings/${first.id}`,
      );
      assert.equal(back.state, 'active');
      assert.ok(back.openedAt, 'the booking was opened');
      // The keypad's time lies within the keypad call (a log time may be cut to the second); the
      // server heard of it only after the link was back, later than all of that.
      const opened = Date.parse(back.openedAt);
      assert.ok(
        opened >= typedFrom - 1000 && opened <= typedBy,
        `opened at the keypad's time (${new Date(typedFrom).toISOString()}–${new Date(typedBy).toISOString()}), not when the server heard after ${new Date(onlineFrom).toISOString()}: ${back.openedAt}`,
      );

      await page.goto(`/booking/${SITE}?booking=${first.id}`);
      await page.locator('[data-testid="booking-status"][data-state="active"]').waitFor({ timeout: 15_000 });
      await expectVisibleText(page.getByTestId('opened-at'), /^First opened /);
      await screenshot('offline-opening-real-time');

      // The same in Tamil.
      await page.evaluate(() => window.localStorage.setItem('language', 'ta'));
      await page.reload();
      await expectVisibleText(page.getByTestId('opened-at'), /^முதலில் திறந்தது /);
      await fitsThePhone(page, 'the booking in Tamil');
      await screenshot('ta-offline-opening-real-time');
      await page.goto(`/booking/${SITE}?booking=${second.id}`);
      await page.locator('[data-testid="booking-status"][data-state="active"]').waitFor({ timeout: 15_000 });
      await expectVisibleText(page.getByTestId('opened-at'), /^முதலில் திறந்தது /);
    },
    {
      ownServer: true,
      // Sites found offline in seconds, not the production minute and a half; heartbeats to match.
      env: { LOCKER_OFFLINE_SECONDS: String(OFFLINE_AFTER_S), LOCKER_SIM_HEARTBEAT_SECONDS: '3' },
      timeoutMs: 180_000,
    },
  ),
];

import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { newMobileContext, screenshot as snap } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import { asOps, asShopper, bookOnTheForm, newShopper, signedIn } from '../shopper.ts';
import { expectVisibleText, fitsThePhone, seeToast } from '../visible.ts';

/**
 * Petti's operators run the locker network from the app (docs/lockers.md#operators): they sign in with
 * their phone like anyone, see every site's state, and take a broken locker out of service even while
 * it is booked; its shopper is moved to another locker and told.
 */

/** Open round the clock, so the booking starts now at whatever hour the journey runs. */
const SITE = 'bus-stand';
const SITE_NAME = 'Bus Stand Lockers';
/** Cut off in this journey; no booking here depends on it. */
const QUIET_SITE = 'thiruthangal';
const OFFLINE_AFTER_S = 15;

/** The locker label the booking page shows (`Locker M03` → `M03`). */
async function lockerOnPage(page: Page): Promise<string> {
  const text = await page.locator('.booking-status__locker').first().innerText();
  const label = /([A-Z]+\d+)\s*$/.exec(text.trim())?.[1];
  assert.ok(label, `a locker label in "${text}"`);
  return label;
}

export const operatorJourneys: Journey[] = [
  journey(
    'An operator sees a site go offline, takes a booked locker out of service, and its shopper is moved and told',
    async ({ browser, page, baseUrl, screenshot }) => {
      // A shopper books a locker and pays.
      const shopper = await newShopper(baseUrl, 'Selvi Booked');
      await signedIn(page, shopper, `/booking/${SITE}`);
      await bookOnTheForm(page, 'M');
      const booked = await lockerOnPage(page);

      // An operator, named once with the ops token, signs in with their phone and opens the console.
      const operator = await newShopper(baseUrl, 'Arul Operator');
      const me = await asShopper<{ phone: string }>(baseUrl, operator, 'GET', '/me');
      assert.equal((await asOps(baseUrl, 'POST', '/ops/operators', { phone: me.phone })).status, 204);
      const opsContext = await newMobileContext(browser, baseUrl);
      const desk = await opsContext.newPage();
      // When the console reads the network: every 30 s by itself, and at once when told it changed.
      const reads: number[] = [];
      desk.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/operator/locker-sites') reads.push(Date.now());
      });
      await signedIn(desk, operator, '/profile');
      await desk.getByRole('link', { name: /Locker network/ }).click();
      await desk.waitForURL((url) => url.pathname === '/operator/lockers');
      await expectVisibleText(desk.getByRole('heading', { level: 1 }), 'Locker network');
      await expectVisibleText(desk.getByTestId(`site-${SITE}`), /Online/);
      await expectVisibleText(desk.getByTestId(`site-${SITE}`), /Today: 1 booking · ₹/);

      // A site's controller loses its connection: once its heartbeats stop for long enough, the
      // console says since when, as it happens (well before its 30 s refresh would).
      assert.equal(
        (await asOps(baseUrl, 'POST', '/dev/locker-sim/fault', { siteId: QUIET_SITE, kind: 'offline' }))
          .status,
        204,
      );
      const quiet = desk.getByTestId(`site-${QUIET_SITE}`);
      const deadline = Date.now() + (OFFLINE_AFTER_S + 60) * 1000;
      for (;;) {
        const res = await asOps(baseUrl, 'GET', '/ops/locker-sites');
        const { sites } = (await res.json()) as { sites: Array<{ id: string; online: boolean }> };
        if (sites.find((s) => s.id === QUIET_SITE)?.online === false) break;
        assert.ok(Date.now() < deadline, `the server finds ${QUIET_SITE} offline`);
        await desk.waitForTimeout(500);
      }
      // The server's word reaches the console at once: it reads the network again then, not at its
      // next 30 s read (a read that soon after the one before is not the timer's).
      const found = Date.now();
      await desk
        .locator(`[data-testid="site-${QUIET_SITE}"][data-online="false"]`)
        .waitFor({ timeout: 8000 });
      const read = reads.findIndex((at) => at >= found - 2000);
      assert.ok(read > 0, 'the console read the network again when the site went offline');
      assert.ok(
        reads[read]! - reads[read - 1]! < 25_000,
        `that read came with the news, not the 30 s timer (${reads[read]! - reads[read - 1]!} ms after the last)`,
      );
      await expectVisibleText(quiet, /Offline since/);
      await fitsThePhone(desk, 'the locker network');
      await snap(desk, 'operator-locker-network');

      // The shopper's locker breaks: the operator takes it out of service, booked as it is.
      await desk.getByRole('button', { name: `Show lockers · ${SITE_NAME}` }).click();
      const row = desk.getByTestId(`locker-${booked}`);
      await expectVisibleText(row, /Booked until/);
      await snap(desk, 'operator-site-lockers');
      await row.getByRole('button', { name: 'Take out of service' }).click();
      const ask = desk.getByRole('dialog');
      await expectVisibleText(ask, /refunded in full/);
      await snap(desk, 'operator-take-out-confirm');
      await ask.getByRole('button', { name: 'Take out of service' }).click();
      await seeToast(desk, `Locker ${booked} is out of service. 1 booking moved to another locker.`);
      await expectVisibleText(row, 'Out of service');
      await expectVisibleText(row.getByRole('button', { name: 'Put back in service' }));

      // A door opened from afar with a reason: the simulated controller opens it, the log says so.
      const other = desk.getByTestId('locker-L01');
      await other.getByRole('button', { name: 'Open door' }).click();
      await other
        .getByLabel('Why open it? (kept in the log)')
        .fill('Checking the hinge after the repair call');
      await other.getByRole('button', { name: 'Open it' }).click();
      await seeToast(desk, 'Locker L01: the door is being opened.');
      await expectVisibleText(other.locator('.ops-openings li').first(), /By an operator · opened/);
      await expectVisibleText(
        other.locator('.ops-openings li').first(),
        'Checking the hinge after the repair call',
      );
      await snap(desk, 'operator-door-opened');

      // The shopper is told, and their booking page shows the new locker; the PIN stays.
      await seeToast(page, 'needs repair');
      await screenshot('locker-moved-for-repair');
      let now = booked;
      for (let i = 0; i < 30 && now === booked; i++) {
        await page.waitForTimeout(500);
        now = await lockerOnPage(page);
      }
      assert.notEqual(now, booked, 'the booking page shows the new locker');
      await page.goto('/notifications');
      await expectVisibleText(page.getByText(/needs repair, so your booking moved to locker/).first());

      // The console in Tamil.
      await desk.evaluate(() => window.localStorage.setItem('language', 'ta'));
      await desk.reload();
      await expectVisibleText(desk.getByRole('heading', { level: 1 }), 'லாக்கர் வலையமைப்பு');
      await expectVisibleText(quiet, /முதல் இணைப்பில் இல்லை/);
      await fitsThePhone(desk, 'the locker network in Tamil');
      await snap(desk, 'ta-operator-locker-network');

      // Repaired: back in service, and the site back online.
      await desk.getByRole('button', { name: 'லாக்கர்களைக் காட்டு · பேருந்து நிலைய லாக்கர்கள்' }).click();
      await desk
        .getByTestId(`locker-${booked}`)
        .getByRole('button', { name: 'மீண்டும் சேவைக்குக் கொண்டு வா' })
        .click();
      await seeToast(desk, `${booked} லாக்கர் மீண்டும் சேவையில் உள்ளது.`);
      assert.equal(
        (await asOps(baseUrl, 'POST', '/dev/locker-sim/fault', { siteId: QUIET_SITE, kind: 'online' }))
          .status,
        204,
      );
      await opsContext.close();
    },
    {
      ownServer: true,
      // Sites found offline in seconds, not the production minute and a half; heartbeats to match.
      env: { LOCKER_OFFLINE_SECONDS: String(OFFLINE_AFTER_S), LOCKER_SIM_HEARTBEAT_SECONDS: '3' },
      timeoutMs: 180_000,
    },
  ),
];

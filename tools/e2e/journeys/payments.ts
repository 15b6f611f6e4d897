import assert from 'node:assert/strict';
import { type Journey, journey } from '../runner.ts';
import { asShopper, newShopper, payOnTestpay, signedIn } from '../shopper.ts';
import { expectVisibleText, fitsThePhone, seeToast } from '../visible.ts';

/**
 * Payments and plans (docs/product.md#plans, docs/payments.md): buy a plan through the testpay checkout, see
 * it on /subscribed and its payment with a GST receipt on /bookings; a failed payment grants nothing and says
 * so.
 */
export const paymentJourneys: Journey[] = [
  journey(
    'A shopper buys a plan through testpay, sees it and its receipt, and a failed payment grants nothing',
    async ({ page, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Plan Journey');
      await signedIn(page, shopper, '/subscription');
      await page.getByTestId('buy-locker-lite').waitFor();
      await screenshot('plans-subscription');

      await page.getByTestId('buy-locker-lite').click();
      await page.waitForURL((url) => url.pathname.startsWith('/api/payments/testpay/checkout/'));
      await screenshot('plans-testpay');
      await payOnTestpay(page);
      await page.waitForURL((url) => url.pathname === '/subscribed');
      await page.locator('[data-testid="payment-outcome"][data-state="paid"]').waitFor({ timeout: 15_000 });
      await page.locator('[data-testid="my-plan-locker-lite"][data-status="active"]').waitFor();
      await page.getByTestId('renewal-date').waitFor();
      assert.equal(new URL(page.url()).search, '', 'the checkout values are dropped from the address');
      // The thank-you goes by itself: it must not sit above whatever the page is used for next.
      await page.locator('[data-testid="payment-outcome"]').waitFor({ state: 'detached', timeout: 10_000 });
      await screenshot('plans-subscribed');
      // Home promises the plan, and shows it.
      await page.goto('/dashboard');
      await expectVisibleText(
        page.getByTestId('home-plan-locker-lite'),
        /10 locker-hours used|of 10 locker-hours/,
      );
      await screenshot('plans-on-home');

      await page.goto('/bookings');
      const row = page.locator('[data-testid="payment-row"][data-purpose="plan"][data-status="captured"]');
      await row.waitFor();
      await page.getByTestId('filter-lockers').click();
      await page.getByTestId('payments-empty').waitFor();
      await page.getByTestId('filter-plans').click();
      await row.waitFor();
      await screenshot('payments-history');
      await row.getByRole('button').click();
      await page.getByTestId('receipt').getByTestId('receipt-gst').waitFor();
      const receipt = await page.getByTestId('receipt').innerText();
      assert.match(receipt, /CGST 9%/);
      assert.match(receipt, /SGST 9%/);
      assert.match(receipt, /₹99/);
      assert.match(receipt, /\b\d{1,2} \w{3} 20\d\d\b/, 'the receipt is dated with its year');
      await screenshot('payments-receipt');
      // Printed or saved as a PDF, the receipt stands alone: the app around it and its buttons left out.
      await expectVisibleText(page.getByTestId('receipt-print'), 'Print or save as PDF');
      await page.emulateMedia({ media: 'print' });
      await expectVisibleText(page.getByTestId('receipt'), /CGST 9%/);
      assert.equal(await page.getByTestId('receipt-print').isVisible(), false, 'no print button on paper');
      assert.equal(await page.getByRole('navigation').first().isVisible(), false, 'no app around it');
      await screenshot('payments-receipt-printed');
      await page.emulateMedia({ media: null });

      // A failed payment: nothing granted, and the app says so.
      await page.goto('/subscription');
      await page.getByTestId('buy-delivery-pass').click();
      await payOnTestpay(page, 'fail');
      await page.waitForURL((url) => url.pathname === '/subscribed');
      await page.locator('[data-testid="payment-outcome"][data-state="failed"]').waitFor({ timeout: 15_000 });
      await page.locator('[data-testid="my-plan-locker-lite"][data-status="active"]').waitFor();
      assert.equal(
        await page.locator('[data-testid="my-plan-delivery-pass"][data-status="active"]').count(),
        0,
        'a failed payment grants no plan',
      );
      await screenshot('plans-payment-failed');
    },
  ),
  journey(
    'A shopper pauses a plan and resumes it, and cancels a paid renewal, refunded in full',
    async ({ page, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Pause Journey');
      await signedIn(page, shopper, '/subscription');
      // The plan, and its renewal bought at once: two payments through the checkout.
      for (let i = 0; i < 2; i++) {
        await page.goto('/subscription');
        await page.getByTestId('buy-locker-lite').click();
        await payOnTestpay(page);
        await page.waitForURL((url) => url.pathname === '/subscribed');
        await page.locator('[data-testid="payment-outcome"][data-state="paid"]').waitFor({ timeout: 15_000 });
      }
      const running = page.locator('[data-testid="my-plan-locker-lite"][data-status="active"]');
      const renewal = page.locator('[data-testid="my-plan-locker-lite"][data-status="scheduled"]');
      await running.waitFor();
      await renewal.waitFor();

      // Away for a week: the plan rests, and its end moves out.
      await running.getByTestId('pause-plan').click();
      await expectVisibleText(running.getByTestId('pause-form'), /its end moves out by as many days/);
      await running.getByTestId('pause-days').fill('40');
      await running.getByTestId('pause-submit').click();
      await expectVisibleText(running.getByRole('alert'), 'Choose a whole number of days from 1 to 30.');
      await running.getByTestId('pause-days').fill('7');
      await screenshot('plans-pause-form');
      await running.getByTestId('pause-submit').click();
      const paused = page.locator('[data-testid="my-plan-locker-lite"][data-status="paused"]');
      await expectVisibleText(paused.getByTestId('plan-paused'), /^Paused until .+\. Your plan now ends on /);
      await fitsThePhone(page, 'a paused plan');
      await screenshot('plans-paused');
      await page.goto('/dashboard');
      await expectVisibleText(page.getByTestId('home-plan-locker-lite'), /Paused until /);

      await page.evaluate(() => window.localStorage.setItem('language', 'ta'));
      await page.goto('/subscribed');
      await expectVisibleText(paused.getByTestId('plan-paused'), /வரை இடைநிறுத்தப்பட்டுள்ளது/);
      await fitsThePhone(page, 'a paused plan in Tamil');
      await screenshot('ta-plans-paused');
      await page.evaluate(() => window.localStorage.setItem('language', 'en'));
      await page.reload();

      // Back early: resumed.
      await paused.getByTestId('resume-plan').click();
      await running.waitFor();
      await expectVisibleText(running.getByTestId('renewal-date'), /^Ends on /);

      // The renewal is not wanted after all: cancelled before it starts, refunded in full.
      await renewal.getByTestId('cancel-renewal').click();
      const ask = page.getByRole('dialog');
      await expectVisibleText(
        ask,
        'It has not started yet, so you get ₹99 back in full. Your current plan runs to its end.',
      );
      await screenshot('plans-cancel-renewal');
      await ask.getByRole('button', { name: 'Cancel this renewal' }).click();
      await seeToast(page, 'Renewal cancelled. ₹99 is refunded in full.');
      await renewal.waitFor({ state: 'detached' });
      await running.waitFor();
    },
  ),
  journey(
    'A shopper has a plan renew itself by a testpay mandate, sees a failed renewal and when it is tried again, and turns renewal off',
    async ({ page, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Mandate Journey');
      await signedIn(page, shopper, '/subscription');
      await page.getByTestId('buy-delivery-pass').click();
      await payOnTestpay(page);
      await page.waitForURL((url) => url.pathname === '/subscribed');
      const running = page.locator('[data-testid="my-plan-delivery-pass"][data-status="active"]');
      await expectVisibleText(running.getByTestId('renewal-date'), /^Ends on /);
      await expectVisibleText(
        running.getByTestId('auto-renew'),
        /₹149 every 30 days by UPI AutoPay or card, charged 4 days before each period ends/,
      );
      const { subscriptions } = await asShopper<{ subscriptions: { id: string; status: string }[] }>(
        baseUrl,
        shopper,
        'GET',
        '/subscriptions',
      );
      const planId = subscriptions.find((s) => s.status === 'active')!.id;
      const chargeNow = () =>
        asShopper(baseUrl, shopper, 'POST', `/dev/testpay/subscriptions/${planId}/charge-now`, {});

      // Set up: testpay's mandate page stands in for Razorpay's, then back to the plan.
      await running.getByTestId('auto-renew-on').click();
      await page.waitForURL((url) => url.pathname.startsWith('/api/payments/testpay/subscribe/'));
      await expectVisibleText(page.locator('dd').filter({ hasText: '₹149' }), '₹149 every 30 days');
      await screenshot('plans-mandate-page');
      await page.locator('button[name="outcome"][value="success"]').click();
      await page.waitForURL((url) => url.pathname === '/subscribed');
      // "Confirming…" first, then the answer: read once it is there.
      await expectVisibleText(
        page.locator('[data-testid="auto-renew-outcome"][data-state="paid"]'),
        'Automatic renewal is on. We will tell you the day before each charge.',
      );
      assert.equal(new URL(page.url()).search, '', 'the mandate’s values are dropped from the address');
      const on = running.locator('[data-testid="auto-renew"][data-state="on"]');
      await expectVisibleText(on.getByTestId('auto-renew-status'), /^Renews automatically: ₹149 on /);
      await expectVisibleText(running.getByTestId('renewal-date'), /^Renews automatically on /);
      await fitsThePhone(page, 'a plan that renews itself');
      await screenshot('plans-auto-renew-on');

      // The charge falls due (fast-forwarded): the next period appears by itself, paid.
      await chargeNow();
      const next = page.locator('[data-testid="my-plan-delivery-pass"][data-status="scheduled"]');
      await expectVisibleText(next, /Starts on /);
      await screenshot('plans-renewed-automatically');
      await page.goto('/dashboard');
      await expectVisibleText(page.getByTestId('home-plan-delivery-pass'), /Renews automatically on /);

      await page.evaluate(() => window.localStorage.setItem('language', 'ta'));
      await page.goto('/subscribed');
      await expectVisibleText(on.getByTestId('auto-renew-status'), /தானாகப் புதுப்பிக்கப்படும்: .+₹149/);
      await fitsThePhone(page, 'a plan that renews itself, in Tamil');
      await screenshot('ta-plans-auto-renew-on');
      await page.evaluate(() => window.localStorage.setItem('language', 'en'));
      await page.reload();

      // Renewal off: asked first, then the plan runs to its end.
      await running.getByTestId('auto-renew-off').click();
      const ask = page.getByRole('dialog');
      await expectVisibleText(ask, /Your plan runs to its end on .+ and nothing more is charged\./);
      await ask.getByRole('button', { name: 'Turn off automatic renewal' }).click();
      await seeToast(page, 'Automatic renewal is off. Your plan runs to its end.');
      await running.locator('[data-testid="auto-renew"][data-state="off"]').waitFor();
      await expectVisibleText(running.getByTestId('renewal-date'), /^Ends on /);

      // On again, with a card whose renewal charges fail: the failure says when it is tried again.
      await running.getByTestId('auto-renew-on').click();
      await page.waitForURL((url) => url.pathname.startsWith('/api/payments/testpay/subscribe/'));
      await page.locator('input[name="renewals"][value="failure"]').check();
      await page.locator('button[name="outcome"][value="success"]').click();
      await page.waitForURL((url) => url.pathname === '/subscribed');
      await expectVisibleText(on.getByTestId('auto-renew-status'), /^Renews automatically/);
      // Back from the mandate page the app connects anew: an event sent before it has subscribed is not
      // replayed (the live journey waits the same way), so give it that moment.
      await page.waitForTimeout(1500);
      await chargeNow();
      await seeToast(page, 'Your plan’s renewal payment did not go through. We will try again.');
      const retrying = running.locator('[data-testid="auto-renew"][data-state="retrying"]');
      await expectVisibleText(
        retrying.getByTestId('auto-renew-status'),
        /^The renewal payment did not go through\. We will try again on .+; your plan ends on .+ unless it does\.$/,
      );
      await fitsThePhone(page, 'a failed renewal');
      await screenshot('plans-renewal-failed');
      await page.evaluate(() => window.localStorage.setItem('language', 'ta'));
      await page.reload();
      await expectVisibleText(retrying.getByTestId('auto-renew-status'), /புதுப்பிப்புக் கட்டணம் செல்லவில்லை/);
      await screenshot('ta-plans-renewal-failed');
      await page.evaluate(() => window.localStorage.setItem('language', 'en'));
    },
    // The smallest phone Petti is made for.
    { context: { viewport: { width: 360, height: 740 } } },
  ),
];

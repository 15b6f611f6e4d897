import assert from 'node:assert/strict';
import { type Journey, journey } from '../runner.ts';
import { newShopper, payOnTestpay, signedIn } from '../shopper.ts';
import { expectVisibleText } from '../visible.ts';

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
];

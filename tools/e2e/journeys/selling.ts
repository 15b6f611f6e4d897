import assert from 'node:assert/strict';
import { waitForPath } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import { randomMobile } from '../shopper.ts';

/** Shop owners applying to sell on Petti (docs/marketplace.md). */
export const sellingJourneys: Journey[] = [
  journey(
    'Shop owners read about selling on Petti and apply, once per number',
    async ({ page, screenshot }) => {
      await page.goto('/sellerLandingPage');
      await page.getByTestId('partner-shops').waitFor();
      await screenshot('seller-landing');
      await page.getByTestId('apply-to-sell').click();
      await waitForPath(page, '/becomeSeller');
      const phone = randomMobile();
      await page.getByLabel('Shop name').fill('Sri Meenakshi Traders');
      await page.getByLabel('Owner’s name').fill('Meenakshi Sundaram');
      await page.getByTestId('seller-phone').fill(phone);
      await page.getByTestId('seller-email').fill('meenakshi@');
      await page.getByTestId('seller-website').fill('instagram.com/meenakshi');
      await page.getByTestId('seller-category').selectOption('grocery');
      await page.getByLabel('Shop address').fill('14 Car Street, Sivakasi');
      await page.getByTestId('submit').click();
      await page.getByText('Invalid email address').waitFor();
      await page.getByText('Invalid URL').waitFor();
      await screenshot('become-seller-errors');
      // The form's fields sit inside its card, not against its border.
      const inset = await page
        .getByTestId('seller-form')
        .evaluate((form) => Number.parseFloat(getComputedStyle(form).paddingLeft));
      assert.ok(inset >= 12, `the form card has ${inset}px of padding`);
      await page.getByTestId('seller-email').fill('meenakshi@example.com');
      await page.getByTestId('seller-website').fill('https://instagram.com/meenakshi');
      await page.getByTestId('submit').click();
      await waitForPath(page, '/thanksPage');
      await page.getByTestId('seller-thanks').waitFor();
      await screenshot('seller-thanks');

      // The same number again is refused politely.
      await page.goto('/becomeSeller');
      await page.getByLabel('Shop name').fill('Sri Meenakshi Traders');
      await page.getByLabel('Owner’s name').fill('Meenakshi Sundaram');
      await page.getByTestId('seller-phone').fill(phone);
      await page.getByTestId('seller-category').selectOption('grocery');
      await page.getByLabel('Shop address').fill('14 Car Street, Sivakasi');
      await page.getByTestId('submit').click();
      await page.getByText('we already have an application from this phone number').waitFor();
      assert.equal(new URL(page.url()).pathname, '/becomeSeller');
    },
  ),
];

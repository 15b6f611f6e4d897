import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { type Journey, journey } from '../runner.ts';
import { asOps, asShopper, existingShopper, signedIn } from '../shopper.ts';
import { expectVisibleText, fitsThePhone, seeToast } from '../visible.ts';

/**
 * Petti's operators see money that does not add up (docs/payments.md#money-checks): here someone at
 * the provider's dashboard sends a shop money for no order of Petti's. "Check now" compares Petti's
 * books with testpay's, finds it and holds it; once put right at the provider, the operator marks it
 * dealt with and the books add up again. At 360 px, in English and Tamil.
 */

/** A demo shop no other journey links a bank account for; its owner is the shop's own number. */
const SHOP = 'vetri-offset-printers';
const SHOP_NAME = 'Vetri Offset Printers';
const OWNER = '919865432109';
/** The README's demo operator. */
const OPERATOR = '919443310009';
const STRAY_PAISE = 5000;

/** The card of the check the stray transfer opens, if the list shows it. */
const strayCard = (page: Page) =>
  page.getByTestId('money-check-provider_transfer_unknown').filter({ hasText: SHOP_NAME });

/** The operator picks a language from Settings' app bar and comes back to the money checks. */
async function language(page: Page, to: 'en' | 'ta'): Promise<void> {
  await page.goto('/settings');
  await page
    .locator('.lang-switch')
    .getByRole('button', { name: to === 'ta' ? 'தமிழ்' : 'EN' })
    .click();
  await expectVisibleText(page.getByRole('heading', { level: 1 }), to === 'ta' ? 'அமைப்புகள்' : 'Settings');
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/operator/money');
}

async function checkNow(page: Page, toast: string): Promise<void> {
  await page.getByTestId('money-check-now').click();
  await seeToast(page, toast);
}

export const moneyJourneys: Journey[] = [
  journey(
    'An operator sees a money check fail and clear, in English and Tamil',
    async ({ page, baseUrl, screenshot }) => {
      // The shop links its bank account: testpay's Route makes it a linked account.
      const owner = await existingShopper(baseUrl, OWNER);
      await asShopper(baseUrl, owner, 'PUT', `/shops/${SHOP}/payout-account`, {
        beneficiaryName: SHOP_NAME,
        accountNumber: '301244556677',
        ifsc: 'SBIN0001234',
        email: 'vetri@example.in',
      });

      // The operator opens Money checks from the profile; nothing is held for this shop yet.
      const operator = await existingShopper(baseUrl, OPERATOR);
      await signedIn(page, operator, '/profile');
      await page.getByRole('link', { name: /Money checks/ }).click();
      await page.waitForURL((url) => url.pathname === '/operator/money');
      await expectVisibleText(page.getByRole('heading', { level: 1 }), 'Money checks');
      await page.getByTestId('money-check-now').waitFor();
      await checkNow(page, 'Checked:');
      assert.equal(await strayCard(page).count(), 0, 'nothing held for the shop before');

      // At the provider's dashboard someone sends the shop ₹50 for no order Petti knows.
      const made = await asOps(baseUrl, 'POST', '/dev/testpay/direct-transfers', {
        shopId: SHOP,
        amountPaise: STRAY_PAISE,
      });
      assert.equal(made.status, 201, await made.text());

      // Check now: the reconciliation finds it at testpay and holds it, with the shop, the amount and
      // since when.
      await checkNow(page, 'Checked:');
      const card = strayCard(page);
      await expectVisibleText(card, 'The provider made a transfer Petti never asked for');
      await expectVisibleText(card, `Shop: ${SHOP_NAME}`);
      await expectVisibleText(card, /Expected ₹0 · found ₹50/);
      await expectVisibleText(card, /^Since /m);
      await expectVisibleText(card, 'Held for you');
      await card.scrollIntoViewIfNeeded();
      await fitsThePhone(page, 'the money checks');
      await screenshot('operator-money-check-held-en');

      // The same in Tamil, chosen in Settings.
      await language(page, 'ta');
      await expectVisibleText(page.getByRole('heading', { level: 1 }), 'பணச் சரிபார்ப்புகள்');
      await expectVisibleText(card, 'Petti கேட்காத ஒரு பரிமாற்றத்தை வழங்குநர் செய்தது');
      await expectVisibleText(card, `கடை: ${SHOP_NAME}`);
      await expectVisibleText(card, 'உங்களுக்காக நிறுத்திவைக்கப்பட்டது');
      await card.scrollIntoViewIfNeeded();
      await fitsThePhone(page, 'the Tamil money checks');
      await screenshot('operator-money-check-held-ta');

      // Put right at the provider, the operator marks it dealt with (asked first); it is gone, and
      // checking again does not bring it back.
      await card.getByTestId('money-check-clear').click();
      const dialog = page.getByRole('dialog');
      await expectVisibleText(dialog, 'இதைச் சரிசெய்யப்பட்டதாகக் குறிக்கவா?');
      await dialog.getByRole('button', { name: 'சரிசெய்யப்பட்டது' }).click();
      await seeToast(page, 'சரிசெய்யப்பட்டதாகக் குறிக்கப்பட்டது.');
      await card.waitFor({ state: 'detached' });
      await screenshot('operator-money-check-cleared-ta');
      await language(page, 'en');
      await checkNow(page, 'Checked:');
      assert.equal(await strayCard(page).count(), 0, 'the cleared check stays cleared');
      const left = await asShopper<{ checks: Array<{ rule: string }> }>(
        baseUrl,
        operator,
        'GET',
        '/operator/money-checks',
      );
      if (left.checks.length === 0)
        await expectVisibleText(page.getByTestId('money-all-well'), /All the money adds up/);
      await screenshot('operator-money-check-cleared-en');
    },
    { context: { viewport: { width: 360, height: 740 } } },
  ),
];

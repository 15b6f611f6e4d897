import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { writeBarcodeVideo } from '../barcode-video.ts';
import { launchWithCamera, newMobileContext, screenshot as save, waitForPath } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import { json, newShopMember, newShopper, openAllDay, payOnTestpay, signedIn } from '../shopper.ts';
import { expectVisibleText } from '../visible.ts';

/**
 * Grab-and-go (docs/grab-and-go.md): in shop A one product scanned with the phone's camera (Chromium's
 * fake camera plays a barcode video made here) and one found by name, a basket in shop B, both paid
 * on their own, two exit passes, staff checking one; the basket survives a reload and going offline.
 */
const SHOP_A = 'sri-murugan-stores';
const SHOP_B = 'annai-supermarket';
const RICE = 'murugan-ponni-raw-rice';
const RICE_10KG = 'murugan-ponni-raw-rice-10kg';

async function barcodeOf(baseUrl: string, productId: string, variantId: string): Promise<string> {
  const { product } = await json<{
    product: { variants: Array<{ vrntId: string; barcode: string | null }> };
  }>(await fetch(`${baseUrl}/api/products/${productId}`), `GET /api/products/${productId}`);
  const code = product.variants.find((v) => v.vrntId === variantId)?.barcode;
  assert.ok(code, `${variantId} has no barcode`);
  return code;
}

/** Searches the shop by name and adds the first match's first pack. */
async function addBySearch(page: Page, words: string, productId: string): Promise<void> {
  await page.getByTestId('grab-search').fill(words);
  const row = page.getByTestId(`shelf-${productId}`);
  await row.waitFor();
  await row.locator('[data-testid^="grab-add-"]').click();
}

async function payBasket(page: Page, sellerId: string): Promise<string> {
  await page.getByTestId(`pay-${sellerId}`).click();
  await payOnTestpay(page);
  await page.waitForURL((url) => url.pathname.startsWith('/GrabPass/'), { timeout: 20_000 });
  await expectVisibleText(page.getByTestId('pass-code'), /^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await page.getByTestId('qr').waitFor();
  return (await page.getByTestId('pass-code').innerText()).trim();
}

export const grabAndGoJourneys: Journey[] = [
  journey(
    'Grab-and-go shoppers scan and search in two shops, pay each, show exit passes, and staff check one',
    async ({ baseUrl }) => {
      await openAllDay(baseUrl, SHOP_A);
      await openAllDay(baseUrl, SHOP_B);
      const shopper = await newShopper(baseUrl, 'Karthik Raja');
      const video = join(mkdtempSync(join(tmpdir(), 'petti-camera-')), 'barcode.y4m');
      writeBarcodeVideo(video, await barcodeOf(baseUrl, RICE, RICE_10KG));
      // A browser of its own: its fake camera shows the rice pack's barcode.
      const browser = await launchWithCamera(video);
      try {
        const context = await newMobileContext(browser, baseUrl, { permissions: ['camera'] });
        const page = await context.newPage();
        await signedIn(page, shopper, '/myComplex');
        await page.getByTestId('grab-entry').click();
        await waitForPath(page, '/Grab&Go');
        await page.getByTestId(`grab-shop-${SHOP_A}`).waitFor();
        await save(page, 'grab-shops');

        // Shop A: the camera reads the rice pack; the product page opens on that pack size.
        await page.getByTestId(`grab-shop-${SHOP_A}`).click();
        await expectVisibleText(page.getByTestId('grab-shop-name'), 'Sri Murugan');
        await page.getByTestId('scan-product').click();
        await page.waitForURL((url) => url.pathname === `/GrabProductDetails/${RICE}`, { timeout: 30_000 });
        assert.equal(new URL(page.url()).searchParams.get('v'), RICE_10KG);
        await expectVisibleText(page.getByTestId('product-name'), 'Ponni');
        await expectVisibleText(page.getByText(/^Save ₹/).first());
        await save(page, 'grab-product-details');
        await page.getByTestId(`grab-add-${RICE_10KG}`).click();
        await page.getByTestId(`grab-inc-${RICE_10KG}`).click();
        await page.getByTestId('to-basket').click();
        // …and one found by name, case-insensitively.
        await addBySearch(page, 'CHANA', 'murugan-chana-dal');
        await page.getByTestId(`basket-${SHOP_A}`).waitFor();
        await save(page, 'grab-in-shop');

        // Shop B.
        await page.getByTestId('leave-shop').click();
        await page.getByTestId(`grab-shop-${SHOP_B}`).click();
        await addBySearch(page, 'marie', 'annai-marie-biscuits');
        await page.getByTestId(`basket-${SHOP_B}`).waitFor();

        // Both baskets survive a reload, and paying offline charges nothing and keeps them.
        await page.goto('/Grab&Go');
        await page.reload();
        await page.getByTestId(`basket-${SHOP_A}`).waitFor();
        await page.getByTestId(`basket-${SHOP_B}`).waitFor();
        await context.setOffline(true);
        await page.getByTestId(`pay-${SHOP_A}`).click();
        await expectVisibleText(page.getByTestId('basket-problem'), 'offline');
        await save(page, 'grab-offline-pay');
        // Still offline, inside the shop: the products seen there are searchable on the phone.
        await page.getByTestId(`basket-${SHOP_A}`).getByRole('link').first().click();
        await page.getByTestId('grab-search').fill('ponni');
        await page.getByTestId(`shelf-${RICE}`).waitFor();
        await expectVisibleText(page.getByTestId('offline-cached'));
        await context.setOffline(false);
        await page.getByTestId('leave-shop').click();
        await page.getByTestId(`basket-${SHOP_B}`).waitFor();
        assert.equal(await page.getByTestId(`basket-line-${RICE_10KG}`).count(), 1);

        // Each shop paid on its own, each with its own pass.
        const passA = await payBasket(page, SHOP_A);
        await save(page, 'grab-exit-pass');
        await page.goto('/Grab&Go');
        await page.getByTestId(`basket-${SHOP_B}`).waitFor();
        assert.equal(await page.getByTestId(`basket-${SHOP_A}`).count(), 0, 'shop A basket left once paid');
        const passB = await payBasket(page, SHOP_B);
        assert.notEqual(passA, passB);
        await page.goto('/Grab&Go');
        await page.locator('[data-testid^="pass-link-"]').nth(1).waitFor();
        await save(page, 'grab-two-passes');

        // Staff signed in to shop A, at its door: valid once, then already used; shop B's pass is
        // another shop's, and says nothing of what was bought there.
        const staffContext = await newMobileContext(browser, baseUrl);
        const staff = await staffContext.newPage();
        await signedIn(
          staff,
          await newShopMember(baseUrl, SHOP_A, 'Selvam Door'),
          `/GrabStaff?shop=${SHOP_A}`,
        );
        await expectVisibleText(staff.getByTestId('page-grabStaff').getByRole('heading', { level: 1 }));
        assert.equal(await staff.getByTestId('staff-shop').inputValue(), SHOP_A);
        await staff.getByTestId('staff-pass').fill(passA);
        await staff.getByRole('button', { name: 'Check the pass' }).click();
        await expectVisibleText(staff.getByTestId('staff-verdict'), 'Valid');
        await save(staff, 'grab-staff-valid');
        await staff.getByRole('button', { name: 'Check the pass' }).click();
        await expectVisibleText(staff.getByTestId('staff-verdict'), 'Already used');
        await staff.getByTestId('staff-pass').fill(passB);
        await staff.getByRole('button', { name: 'Check the pass' }).click();
        await expectVisibleText(staff.getByTestId('staff-verdict'), 'another shop');
        assert.equal(await staff.locator('.grab-lines').count(), 0, "another shop's items stay hidden");
        await save(staff, 'grab-staff-other-shop');
        await staffContext.close();
        await context.close();
      } finally {
        await browser.close();
      }
    },
    { timeoutMs: 150_000 },
  ),

  journey(
    'Grab-and-go works in Tamil: a basket, paying, the exit pass',
    async ({ page, baseUrl, screenshot }) => {
      await openAllDay(baseUrl, SHOP_A);
      const shopper = await newShopper(baseUrl, 'Meena Kumari');
      await signedIn(page, shopper, '/login');
      await page.evaluate(() => localStorage.setItem('language', 'ta'));
      await page.goto('/Grab&Go');
      await page.getByTestId(`grab-shop-${SHOP_A}`).waitFor();
      // Nothing wider than a 360 px phone: a shop's state in Tamil ("closed now, opens at …") once
      // widened the whole page.
      // (Against the phone's width: a mobile browser widens its layout viewport, innerWidth included.)
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= page.viewportSize()!.width, `the shop list is ${wide} px wide on a 360 px phone`);
      await screenshot('grab-shops-ta');
      await page.getByTestId(`grab-shop-${SHOP_A}`).click();
      await expectVisibleText(page.getByTestId('grab-shop-name'), 'முருகன்');
      await addBySearch(page, 'toor', 'murugan-toor-dal');
      await expectVisibleText(page.getByTestId(`basket-${SHOP_A}`), 'முழு விலை');
      await screenshot('grab-in-shop-ta');
      await payBasket(page, SHOP_A);
      await expectVisibleText(page.getByTestId('pass-shop'), 'வெளியேறும் அனுமதிச் சீட்டு');
      await expectVisibleText(page.getByTestId('pass-status'), 'நிமிடம் செல்லும்');
      await screenshot('grab-exit-pass-ta');
    },
    { context: { viewport: { width: 360, height: 740 } } },
  ),
];

import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { waitForPath } from './harness.ts';
import { payOnTestpay } from './shopper.ts';

/** What a shopper does in the marketplace (docs/marketplace.md), shared by its journeys. */

export const SELLER = 'sri-murugan-stores';
export const OTHER_SELLER_PRODUCT = 'santhi-srivilliputhur-palkova';

/** The red toast at the top with exactly this text. */
export async function seeLimitToast(page: Page, text: string): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await toast.first().waitFor({ timeout: 5_000 });
  assert.equal((await toast.first().innerText()).includes(text), true);
}

export async function tap(page: Page, testId: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await page.getByTestId(testId).click();
}

export async function cartCount(page: Page): Promise<number> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('cart') ?? '{"count":0}') as { count: number }).count,
  );
}

/** Pays on testpay's checkout page with UPI and waits to be back on the order's page. */
async function payWithTestpayUpi(page: Page): Promise<string> {
  await payOnTestpay(page);
  await page.waitForURL((url) => /^\/profile\/MyOrders\/[^/]+$/.test(url.pathname), { timeout: 15_000 });
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Waits (live, no reload) until the order page shows `status` as reached. */
export async function waitForStep(page: Page, status: string, timeout = 60_000): Promise<void> {
  await page
    .locator(
      `[data-testid="step-${status}"][data-state="done"], [data-testid="step-${status}"][data-state="current"]`,
    )
    .waitFor({ timeout });
}

/** Adds `count` of a variant from its product page. */
export async function addFromProductPage(
  page: Page,
  productId: string,
  variantId: string,
  count: number,
): Promise<void> {
  await page.goto(`/productDetails/${productId}`);
  await page.getByTestId('product-name').waitFor();
  const choice = page.getByTestId(`variant-${variantId}`);
  if (await choice.count()) await choice.click();
  await page.getByTestId(`add-${variantId}`).click();
  await tap(page, `inc-${variantId}`, count - 1);
}

/** From /MyCart with a delivery chosen: the itemised price, Validate & pay, /procced, Pay. */
export async function checkout(
  page: Page,
  screenshot: (name: string) => Promise<string>,
  name: string,
  /** A note for the shop, typed on the pay page. */
  notes?: string,
): Promise<string> {
  await page.getByTestId('price-summary').waitFor();
  // Every fee itemised before paying; curbside has no delivery fee, so no delivery row.
  const rows =
    name.includes('curbside') || name.includes('reorder')
      ? ['items', 'total', 'gst']
      : ['items', 'delivery', 'total', 'gst'];
  for (const row of rows) await page.getByTestId(`fee-${row}`).waitFor();
  await screenshot(`my-cart-${name}`);
  await page.getByTestId('validate-and-pay').click();
  await waitForPath(page, '/procced');
  await page.getByTestId('proceed-price').waitFor();
  if (notes) await page.getByTestId('order-notes').fill(notes);
  await screenshot(`procced-${name}`);
  await page.getByTestId('pay').click();
  const orderId = await payWithTestpayUpi(page);
  await page.getByTestId(`order-detail-${orderId}`).waitFor();
  await page.locator('[data-testid="payment-outcome"][data-state="paid"]').waitFor();
  // What the checkout handed back (ids, signature) is read once and leaves the address.
  assert.equal(new URL(page.url()).search, '', 'the checkout values are dropped from the address');
  assert.equal(await cartCount(page), 0, 'the paid items left the cart');
  return orderId;
}

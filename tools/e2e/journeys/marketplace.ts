import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { serviceWorkerReady, waitForPath } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import { newShopper, openAllDay, payOnTestpay, randomMobile, signedIn } from '../shopper.ts';

/**
 * The local marketplace (docs/marketplace.md): the cart's limits with their exact messages, ordering for
 * home delivery, a parcel locker and curbside pickup with testpay, each order moved along live by
 * the shop simulator, and reorder.
 */

const SELLER = 'sri-murugan-stores';
const OTHER_SELLER_PRODUCT = 'santhi-srivilliputhur-palkova';

/** The red toast at the top with exactly this text. */
async function seeLimitToast(page: Page, text: string): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await toast.first().waitFor({ timeout: 5_000 });
  assert.equal((await toast.first().innerText()).includes(text), true);
}

async function tap(page: Page, testId: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await page.getByTestId(testId).click();
}

async function cartCount(page: Page): Promise<number> {
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
async function waitForStep(page: Page, status: string, timeout = 60_000): Promise<void> {
  await page
    .locator(
      `[data-testid="step-${status}"][data-state="done"], [data-testid="step-${status}"][data-state="current"]`,
    )
    .waitFor({ timeout });
}

/** Adds `count` of a variant from its product page. */
async function addFromProductPage(
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
async function checkout(
  page: Page,
  screenshot: (name: string) => Promise<string>,
  name: string,
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
  await screenshot(`procced-${name}`);
  await page.getByTestId('pay').click();
  const orderId = await payWithTestpayUpi(page);
  await page.getByTestId(`order-detail-${orderId}`).waitFor();
  await page.locator('[data-testid="payment-outcome"][data-state="paid"]').waitFor();
  assert.equal(await cartCount(page), 0, 'the paid items left the cart');
  return orderId;
}

export const marketplaceJourneys: Journey[] = [
  journey(
    'Shoppers fill a cart to each limit and are told exactly why, and asked before the cart changes shop',
    async ({ page, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Kavitha Raman');
      await openAllDay(baseUrl, SELLER);
      await signedIn(page, shopper, '/myComplex');
      await page.getByTestId('page-myComplex').waitFor();
      await page.getByTestId('categories').waitFor();
      await page.getByTestId('nearby-sellers').waitFor();
      await screenshot('market-home');

      // The shop's own page, then a product with only 3 in stock.
      await page.getByTestId(`seller-${SELLER}`).click();
      await waitForPath(page, `/Search/${SELLER}`);
      await page.getByTestId('product-list').waitFor();
      await screenshot('market-shop');

      await page.goto('/productDetails/murugan-ponni-raw-rice');
      await page.getByTestId('product-name').waitFor();
      await page.getByTestId('add-murugan-ponni-raw-rice-5kg').click();
      await page.getByText('Added to your cart').first().waitFor();
      await tap(page, 'inc-murugan-ponni-raw-rice-5kg', 2);
      assert.equal(await page.getByTestId('qty-murugan-ponni-raw-rice-5kg').innerText(), '3');
      await page.getByTestId('inc-murugan-ponni-raw-rice-5kg').click();
      await seeLimitToast(page, 'Stock limit reached. Unable to add more.');
      assert.equal(await page.getByTestId('qty-murugan-ponni-raw-rice-5kg').innerText(), '3', 'not added');
      await screenshot('cart-limit-stock');

      // 20 of one product is the most.
      await page.goto('/productDetails/murugan-sugar');
      await page.getByTestId('add-murugan-sugar-1kg').click();
      await tap(page, 'inc-murugan-sugar-1kg', 19);
      assert.equal(await page.getByTestId('qty-murugan-sugar-1kg').innerText(), '20');
      await page.getByTestId('inc-murugan-sugar-1kg').click();
      await seeLimitToast(page, 'You can only add up to 20 units of this product');
      assert.equal(await page.getByTestId('qty-murugan-sugar-1kg').innerText(), '20', 'not added');
      await screenshot('cart-limit-line');

      // 30 in the cart is the most: 3 + 20 + 7 = 30, then one more is refused and not saved.
      await page.goto('/productDetails/murugan-salt');
      await page.getByTestId('add-murugan-salt-1kg').click();
      await tap(page, 'inc-murugan-salt-1kg', 6);
      assert.equal(await cartCount(page), 30);
      await page.getByTestId('inc-murugan-salt-1kg').click();
      await seeLimitToast(page, 'You can store only 30 products');
      assert.equal(await cartCount(page), 30, 'the add is not saved');
      await screenshot('cart-limit-cart');

      // The cart survives a reload.
      await page.reload();
      await page.getByTestId('qty-murugan-salt-1kg').waitFor();
      assert.equal(await page.getByTestId('qty-murugan-salt-1kg').innerText(), '7');

      // Another shop's product: asked first; keeping the cart changes nothing.
      await page.goto(`/productDetails/${OTHER_SELLER_PRODUCT}`);
      await page.getByTestId('product-name').waitFor();
      const add = page.locator('[data-testid^="add-"]').first();
      await add.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Replace your cart?').waitFor();
      await screenshot('cart-replace-dialog');
      await dialog.getByRole('button', { name: 'Keep my cart' }).click();
      assert.equal(await cartCount(page), 30, 'kept');
      await add.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Replace cart' }).click();
      await page.getByText('Added to your cart').first().waitFor();
      assert.equal(await cartCount(page), 1, 'replaced with the new shop’s item');

      await page.goto('/MyCart');
      await page.getByTestId('cart-lines').waitFor();
      await screenshot('my-cart-other-shop');
    },
  ),
  journey(
    'Shoppers order for home delivery, a parcel locker and curbside pickup, and watch each arrive live',
    async ({ page, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Selvi Murugan');
      await openAllDay(baseUrl, SELLER);

      // An address first: found by search, pinned on the town map.
      await signedIn(page, shopper, '/profile/MyAddress');
      await page.getByTestId('add-address').click();
      await page.getByTestId('address-label').fill('Home');
      await page.getByTestId('address-line1').fill('12 Velayuthum Road');
      await page.getByTestId('place-search').fill('Velayuthum');
      await page.getByTestId('place-results').getByRole('button').first().click();
      await screenshot('address-form');
      await page.getByTestId('address-save').click();
      await page.getByTestId('address-list').waitFor();
      await screenshot('my-addresses');

      // 1. Home delivery.
      await addFromProductPage(page, 'murugan-toor-dal', 'murugan-toor-dal-1kg', 2);
      await page.goto('/MyCart');
      await page.getByTestId('delivery-home').click();
      await page.locator('[data-testid^="address-option-"]').first().click();
      const home = await checkout(page, screenshot, 'home');
      await screenshot('order-home-placed');
      for (const step of ['accepted', 'packed', 'out_for_delivery']) await waitForStep(page, step);
      await waitForStep(page, 'delivered', 90_000);
      await screenshot('order-home-delivered');

      // 2. Parcel locker: the pickup PIN typed at the locker's keypad.
      await addFromProductPage(page, 'murugan-moong-dal', 'murugan-moong-dal-500g', 3);
      await page.goto('/MyCart');
      await page.getByTestId('delivery-locker').click();
      await page.getByTestId('site-option-bus-stand').click();
      const locker = await checkout(page, screenshot, 'locker');
      await waitForStep(page, 'in_locker', 90_000);
      const pin = (await page.getByTestId('pickup-pin').innerText()).trim();
      assert.match(pin, /^\d{4,8}$/);
      await screenshot('order-locker-pin');
      const keypad = await fetch(`${baseUrl}/api/dev/locker-sim/keypad`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ siteId: 'bus-stand', pin }),
      });
      assert.ok(keypad.ok, `POST /api/dev/locker-sim/keypad answered ${keypad.status}`);
      await waitForStep(page, 'collected', 60_000);
      await screenshot('order-locker-collected');

      // 3. Curbside: vehicle number, then "I'm here" with a landmark.
      await addFromProductPage(page, 'murugan-chana-dal', 'murugan-chana-dal-500g', 2);
      await page.goto('/MyCart');
      await page.getByTestId('delivery-curbside').click();
      await page.getByTestId('vehicle-no').fill('TN 67 AB 1234');
      const curbside = await checkout(page, screenshot, 'curbside');
      await page.getByTestId('curbside-panel').waitFor();
      await waitForStep(page, 'ready_for_pickup', 90_000);
      // /curbside lists the pickup under way and leads back to it.
      await page.goto('/curbside');
      await page.getByTestId('curbside-list').getByTestId(`order-${curbside}`).click();
      await page.waitForURL((url) => url.pathname === `/profile/MyOrders/${curbside}`);
      await page.getByTestId('curbside-panel').waitFor();
      await page.getByTestId('curbside-spot').fill('Near the temple arch');
      await page.getByTestId('im-here').click();
      await waitForStep(page, 'arrived');
      await screenshot('order-curbside-arrived');
      await waitForStep(page, 'handed_over', 90_000);
      await screenshot('order-curbside-handed-over');

      // All three in My orders.
      await page.goto('/profile/MyOrders');
      for (const id of [home, locker, curbside]) await page.getByTestId(`order-${id}`).waitFor();
      await screenshot('my-orders');
    },
    { timeoutMs: 600_000 },
  ),

  journey('Shoppers reorder an earlier order in one tap', async ({ page, context, baseUrl, screenshot }) => {
    const shopper = await newShopper(baseUrl, 'Anand Kumar');
    await openAllDay(baseUrl, SELLER);
    await signedIn(page, shopper, '/profile/MyOrders');
    await page.getByTestId('empty-state').waitFor();
    await screenshot('my-orders-empty');

    await addFromProductPage(page, 'murugan-urad-dal', 'murugan-urad-dal-1kg', 2);
    await page.goto('/MyCart');
    await page.getByTestId('delivery-curbside').click();
    await page.getByTestId('vehicle-no').fill('TN67CD4321');
    const orderId = await checkout(page, screenshot, 'reorder-first');
    await page.getByTestId('reorder').click();
    await waitForPath(page, '/MyCart');
    await page.getByTestId('line-murugan-urad-dal-1kg').waitFor();
    assert.equal(await page.getByTestId('qty-murugan-urad-dal-1kg').innerText(), '2');
    assert.ok(orderId);
    await screenshot('my-cart-reordered');

    // Offline, paying says why it cannot and the cart stays as it was.
    await context.setOffline(true);
    await page.getByTestId('offline-pay-note').waitFor();
    await page.getByTestId('validate-and-pay').click();
    assert.equal(new URL(page.url()).pathname, '/MyCart', 'stays on the cart');
    assert.equal(await cartCount(page), 2, 'the cart is kept');
    await screenshot('my-cart-offline');
    await context.setOffline(false);
  }),
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
  journey(
    'Shoppers keep browsing the shops they have seen when the connection drops',
    async ({ page, context, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Offline Browser');
      await signedIn(page, shopper, '/productDetails/murugan-sugar');
      await page.getByTestId('product-name').waitFor();
      await serviceWorkerReady(page);
      // The first visit installs the worker; from the next load on it answers from its caches.
      if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 10_000,
      });
      await page.goto('/productDetails/murugan-sugar');
      const name = await page.getByTestId('product-name').innerText();

      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('offline-banner').waitFor();
      await page.getByTestId('product-name').waitFor({ timeout: 15_000 });
      assert.equal(
        await page.getByTestId('product-name').innerText(),
        name,
        'the product comes from the cache',
      );
      await screenshot('marketplace-offline-product');
      await context.setOffline(false);
    },
  ),
];

import assert from 'node:assert/strict';
import { newMobileContext, waitForPath } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import { addFromProductPage, cartCount, checkout, SELLER, waitForStep } from '../shop-steps.ts';
import { asShopper, newShopMember, newShopper, openAllDay, signedIn } from '../shopper.ts';
import { expectVisibleText, fitsThePhone, seeToast } from '../visible.ts';

/** Polls `check` until it holds (every 250 ms, up to `ms`). */
async function waitUntil(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Ordering for home delivery, a parcel locker and curbside pickup with testpay, each order moved
 * along live by the shop simulator, and reorder (docs/marketplace.md).
 */
export const orderingJourneys: Journey[] = [
  journey(
    'Shoppers order for home delivery, a parcel locker and curbside pickup, and watch each arrive live',
    async ({ browser, page, baseUrl, screenshot }) => {
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
      // Someone to ask about it: the shop's own phone.
      assert.match((await page.getByTestId('call-shop').getAttribute('href')) ?? '', /^tel:\+91\d{10}$/);
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
      // Where the locker is, on the map, with a way there.
      await expectVisibleText(
        page.getByTestId('pickup-place').getByRole('heading'),
        'Collect at Bus Stand Lockers',
      );
      await page.getByTestId('pickup-map').locator('[data-marker]').waitFor();
      assert.match(
        (await page.getByTestId('pickup-place').getByTestId('directions').getAttribute('href')) ?? '',
        /^(geo:|https:)/,
      );
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
      // The shop's kerb: its address in words, on the map, and its phone.
      await expectVisibleText(page.getByTestId('pickup-address'), /Sivakasi/);
      await page.getByTestId('pickup-map').locator('[data-marker]').waitFor();
      assert.match(
        (await page.getByTestId('pickup-place').getByTestId('call').getAttribute('href')) ?? '',
        /^tel:\+91\d{10}$/,
      );
      await waitForStep(page, 'ready_for_pickup', 90_000);
      // /curbside, reached from the shop home, lists the pickup under way and leads back to it.
      await page.goto('/myComplex');
      await page.getByTestId('curbside-entry').click();
      await waitForPath(page, '/curbside');
      await page.getByTestId('curbside-list').getByTestId(`order-${curbside}`).click();
      await page.waitForURL((url) => url.pathname === `/profile/MyOrders/${curbside}`);
      await page.getByTestId('curbside-panel').waitFor();
      await page.getByTestId('curbside-spot').fill('Near the temple arch');
      await page.getByTestId('im-here').click();
      await waitForStep(page, 'arrived');
      await screenshot('order-curbside-arrived');
      await waitForStep(page, 'handed_over', 90_000);
      await screenshot('order-curbside-handed-over');
      // The shop's card for it says where the buyer parked, and no longer that they are on the way.
      const staff = await newShopMember(baseUrl, SELLER, 'Kerb Staff');
      const staffContext = await newMobileContext(browser, baseUrl);
      const board = await staffContext.newPage();
      await signedIn(board, staff, `/shop/${SELLER}`);
      await board.getByTestId('lane-done').click();
      const kerb = board.getByTestId(`shop-order-${curbside}`).getByTestId('shop-order-curbside');
      await expectVisibleText(kerb, 'Parked: Near the temple arch');
      assert.ok(!(await kerb.innerText()).includes('on the way'), 'a handed-over order is not "on the way"');
      await staffContext.close();

      // All three in My orders.
      await page.goto('/profile/MyOrders');
      for (const id of [home, locker, curbside]) await page.getByTestId(`order-${id}`).waitFor();
      await screenshot('my-orders');
    },
    { timeoutMs: 600_000 },
  ),

  journey(
    'With no signal in the car park, "On my way" and "I\'m here" wait on the phone and reach the shop once it is back online',
    async ({ page, context, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Ravi Offline');
      await openAllDay(baseUrl, SELLER);
      await signedIn(page, shopper, '/myComplex');
      await addFromProductPage(page, 'murugan-chana-dal', 'murugan-chana-dal-500g', 1);
      await page.goto('/MyCart');
      await page.getByTestId('delivery-curbside').click();
      await page.getByTestId('vehicle-no').fill('TN 67 CD 4321');
      const id = await checkout(page, screenshot, 'curbside-offline');
      const order = () =>
        asShopper<{ state: string; checkin: { onMyWayAt: string | null } }>(
          baseUrl,
          shopper,
          'GET',
          `/orders/${id}`,
        );

      // Offline: "On my way" is kept, and said so.
      await page.getByTestId('on-my-way').waitFor();
      await context.setOffline(true);
      await page.getByTestId('on-my-way').click();
      await expectVisibleText(
        page.getByText('You are offline. The shop will be told as soon as your phone is back online.'),
      );
      await screenshot('curbside-queued');
      await context.setOffline(false);
      await waitUntil(async () => (await order()).checkin.onMyWayAt !== null, 'on my way reached the shop');
      await page.getByTestId('curbside-waiting').waitFor({ state: 'detached' });

      // Ready; in Tamil this time, "I'm here" with no signal.
      await waitForStep(page, 'ready_for_pickup', 90_000);
      await page.evaluate(() => window.localStorage.setItem('language', 'ta'));
      await page.reload();
      await page.getByTestId('curbside-spot').fill('கோயில் வளைவு அருகே');
      await context.setOffline(true);
      await page.getByTestId('im-here').click();
      await expectVisibleText(page.getByText('நீங்கள் இணைப்பில் இல்லை. உங்கள் தொலைபேசி மீண்டும் இணைந்தவுடன்'));
      await screenshot('ta-curbside-queued');
      await context.setOffline(false);
      await waitForStep(page, 'arrived', 60_000);
      assert.equal((await order()).state === 'arrived' || (await order()).state === 'handed_over', true);
      await screenshot('ta-curbside-arrived');
    },
    { timeoutMs: 300_000 },
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
    assert.equal(await page.getByTestId('qty-murugan-urad-dal-1kg').inputValue(), '2');
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

    // The quantity is typed, not tapped 30 times; a whole line goes with Remove, and comes back with Undo.
    const qty = page.getByTestId('qty-murugan-urad-dal-1kg');
    await qty.fill('5');
    await qty.press('Enter');
    await expectVisibleText(page.getByTestId('cart-badge'), '5');
    await fitsThePhone(page, 'the cart with a typed quantity');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot('my-cart-typed-quantity');
    await page.getByTestId('remove-murugan-urad-dal-1kg').click();
    await seeToast(page, 'Urad Dal');
    await page.getByTestId('empty-state').waitFor();
    await page
      .locator('.toast')
      .filter({ hasText: 'out of your cart' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await page.getByTestId('line-murugan-urad-dal-1kg').waitFor();
    assert.equal(await qty.inputValue(), '5', 'Undo puts the line back as it was');
    // The same in Tamil, the basket named one way throughout.
    await page.evaluate(() => localStorage.setItem('language', 'ta'));
    await page.reload();
    await expectVisibleText(page.getByTestId('remove-murugan-urad-dal-1kg'), 'நீக்கு');
    await fitsThePhone(page, 'the Tamil cart');
    await screenshot('my-cart-typed-quantity-ta');
    await page.evaluate(() => localStorage.setItem('language', 'en'));

    // Paying is given up at the checkout: the order waits for its payment; cancelling it there puts
    // the items back in the cart as they were, not lost with the order.
    await page.reload();
    await page.getByTestId('validate-and-pay').click();
    await waitForPath(page, '/procced');
    await page.getByTestId('pay').click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payments/testpay/checkout/'));
    await page.locator('p.links a').click();
    await page.waitForURL((url) => /^\/profile\/MyOrders\/[^/]+$/.test(url.pathname));
    assert.equal(await cartCount(page), 0, 'the cart gave its items to the order');
    await page.getByTestId('cancel-order').click();
    await page.locator('dialog.dialog').getByRole('button', { name: 'Cancel order' }).click();
    await waitForPath(page, '/MyCart');
    await page.getByTestId('line-murugan-urad-dal-1kg').waitFor();
    assert.equal(await qty.inputValue(), '5', 'the items are back in the cart');
  }),
];

import assert from 'node:assert/strict';
import { waitForPath } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import { cartCount, OTHER_SELLER_PRODUCT, SELLER, seeLimitToast, tap } from '../shop-steps.ts';
import { newShopper, openAllDay, payOnTestpay, shutUntilLater, signedIn } from '../shopper.ts';
import { expectVisibleControl, expectVisibleText } from '../visible.ts';

/** The delivery cart's limits with their exact messages (docs/marketplace.md). */
export const cartLimitJourneys: Journey[] = [
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
      // The name is read on screen, not merely present: a 1 px heading once hid it on phones.
      await expectVisibleText(page.getByTestId('product-name'), 'Ponni Raw Rice');
      await page.getByTestId('add-murugan-ponni-raw-rice-5kg').click();
      await page.getByText('Added to your cart').first().waitFor();
      await tap(page, 'inc-murugan-ponni-raw-rice-5kg', 2);
      assert.equal(await page.getByTestId('qty-murugan-ponni-raw-rice-5kg').innerText(), '3');
      await page.getByTestId('inc-murugan-ponni-raw-rice-5kg').click();
      await seeLimitToast(
        page,
        'Stock limit reached. Unable to add more. All there is in stock is in your cart.',
      );
      assert.equal(await page.getByTestId('qty-murugan-ponni-raw-rice-5kg').innerText(), '3', 'not added');
      // The app bar's cart says how many, in the shop and on Home.
      await expectVisibleText(page.getByTestId('cart-badge'), '3');
      assert.equal(await page.getByTestId('cart-link').getAttribute('aria-label'), 'Cart, 3 items');
      await page.goto('/dashboard');
      await expectVisibleText(page.getByTestId('cart-badge'), '3');
      await page.goto('/productDetails/murugan-ponni-raw-rice');
      await page.getByTestId('qty-murugan-ponni-raw-rice-5kg').waitFor();
      await screenshot('cart-limit-stock');

      // 20 of one product is the most.
      await page.goto('/productDetails/murugan-sugar');
      await page.getByTestId('add-murugan-sugar-1kg').click();
      await tap(page, 'inc-murugan-sugar-1kg', 19);
      assert.equal(await page.getByTestId('qty-murugan-sugar-1kg').innerText(), '20');
      await page.getByTestId('inc-murugan-sugar-1kg').click();
      await seeLimitToast(page, 'You can only add up to 20 units of this product. All 20 are in your cart.');
      assert.equal(await page.getByTestId('qty-murugan-sugar-1kg').innerText(), '20', 'not added');
      await screenshot('cart-limit-line');

      // 30 in the cart is the most: 3 + 20 + 7 = 30, then one more is refused and not saved.
      await page.goto('/productDetails/murugan-salt');
      await page.getByTestId('add-murugan-salt-1kg').click();
      await tap(page, 'inc-murugan-salt-1kg', 6);
      assert.equal(await cartCount(page), 30);
      await page.getByTestId('inc-murugan-salt-1kg').click();
      await seeLimitToast(
        page,
        'You can store only 30 products. Your cart has all 30: remove something first.',
      );
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
    'A shop closed now says so, with when it opens, on the shop, the product and the cart',
    async ({ page, baseUrl, screenshot }) => {
      const CLOSED = 'santhi-sweets';
      // Open for one hour starting two hours from now (town time): closed whenever this runs.
      const { open: opensAt } = await shutUntilLater(baseUrl, CLOSED);
      // Said as the owner's screens say it ("9:00 am"); from 22:00 the opening two hours ahead is
      // tomorrow's, and the screens rightly add its date ("21 Nov, 1:00 am").
      const h = Number(opensAt.slice(0, 2));
      const at = (before: string) =>
        new RegExp(`${before} (\\d{1,2} \\w{3}, )?${h % 12 || 12}:00 ${h < 12 ? 'am' : 'pm'}`);
      try {
        const shopper = await newShopper(baseUrl, 'Night Owl');
        await signedIn(page, shopper, `/Search/${CLOSED}`);
        await expectVisibleText(page.getByTestId('shop-hours'), at('Closed now, opens at'));
        // Found across shops, a product says which shop sells it and that it is shut, in both languages.
        await page.goto('/Search/all?q=Mysore%20Pak');
        const found = page.getByTestId('product-santhi-mysore-pak').getByTestId('product-shop');
        await expectVisibleText(found, at('Closed now, opens at'));
        await expectVisibleText(found, 'Santhi Sweets');
        await screenshot('search-all-shops');
        await page.evaluate(() => window.localStorage.setItem('language', 'ta'));
        await page.reload();
        await expectVisibleText(found, /மூடியுள்ளது/);
        await screenshot('ta-search-all-shops');
        await page.evaluate(() => window.localStorage.setItem('language', 'en'));
        await page.goto('/productDetails/santhi-mysore-pak');
        await expectVisibleText(page.getByTestId('shop-hours'), at('opens at'));
        // The cart may be filled at night; it says the shop is closed and when it opens.
        const add = page.locator('[data-testid^="add-"]').first();
        await add.click();
        await page.goto('/MyCart');
        await expectVisibleText(page.getByTestId('cart-shop-closed'), at('opens at'));
        await screenshot('cart-shop-closed');
        // …and may order now for when it opens: paid now, accepted by the shop at opening. Until the
        // shopper chooses, the price says what to do, not "Try again".
        await page.getByTestId('delivery-curbside').click();
        await page.getByTestId('vehicle-no').fill('TN 67 AB 1234');
        await expectVisibleText(page.getByTestId('price-when-open'), at('come back at'));
        const box = page.getByTestId('order-when-open').getByRole('checkbox');
        assert.equal(await expectVisibleControl(box), false, 'the choice is a box to tick, not ticked yet');
        await page.getByTestId('order-when-open').click();
        assert.equal(await expectVisibleControl(box), true, 'ticked, and seen to be');
        await page.getByTestId('price-summary').waitFor();
        await expectVisibleText(page.getByTestId('order-when-open'));
        await screenshot('cart-order-when-open');
        await page.getByTestId('validate-and-pay').click();
        await waitForPath(page, '/procced');
        // Said again where it is paid for, and on the payment itself: for when the shop opens.
        await expectVisibleText(
          page.getByTestId('proceed-for-opening'),
          new RegExp(`^For (\\d{1,2} \\w{3}, )?${h % 12 || 12}:00 ${h < 12 ? 'am' : 'pm'}, when `),
        );
        await screenshot('procced-for-opening');
        await page.getByTestId('pay').click();
        await page.waitForURL((url) => url.pathname.startsWith('/api/payments/testpay/checkout/'));
        await expectVisibleText(page.locator('body'), 'when it opens');
        await payOnTestpay(page);
        await page.waitForURL((url) => url.pathname.startsWith('/profile/MyOrders/'), { timeout: 20_000 });
        await expectVisibleText(page.getByTestId('order-scheduled'), 'accepts your order when it opens');
        // Hours before the shop opens, nothing to check in to: the panel says from when instead.
        await expectVisibleText(page.getByTestId('curbside-from-opening'), 'appear here from then');
        assert.equal(await page.getByTestId('on-my-way').count(), 0, 'no "On my way" before opening');
        assert.equal(await page.getByTestId('im-here').count(), 0, 'no "I\'m here" before opening');
        await screenshot('order-for-opening');
      } finally {
        await openAllDay(baseUrl, CLOSED);
      }
    },
  ),
];

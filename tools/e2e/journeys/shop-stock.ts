import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { writeBarcodeVideo } from '../barcode-video.ts';
import { launchWithCamera, liveSubscribed, newMobileContext, screenshot as snap } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import { addFromProductPage } from '../shop-steps.ts';
import { newShopMember, newShopper, openAllDay, signedIn } from '../shopper.ts';
import { expectVisibleText, fitsThePhone, seeToast } from '../visible.ts';

/**
 * A shop's shelf and settings from its app (docs/shops.md#stock-and-catalogue,
 * docs/shops.md#hours-and-holidays): staff scan a pack no product has, add it as a new product with a
 * photo, shoppers find it, and a price above the MRP is refused in words; the owner closes the shop
 * for the day and shoppers see it. Both in Tamil too.
 */
const SHOP = 'kumaran-book-centre';
/** A true EAN-13 on no demo pack. */
const NEW_CODE = '8901063010536';

export const shopStockJourneys: Journey[] = [
  journey(
    'Shop staff scan a new pack, add it with a photo, shoppers find it, and a price above MRP is refused',
    async ({ baseUrl, page: shopperPage }) => {
      const staff = await newShopMember(baseUrl, SHOP, 'Anitha Stock');
      const video = join(mkdtempSync(join(tmpdir(), 'petti-camera-')), 'barcode.y4m');
      writeBarcodeVideo(video, NEW_CODE);
      // A browser of its own: its fake camera shows the new pack's barcode.
      const browser = await launchWithCamera(video);
      try {
        const context = await newMobileContext(browser, baseUrl, { permissions: ['camera'] });
        const page = await context.newPage();
        await signedIn(page, staff, `/shop/${SHOP}/stock`);
        await expectVisibleText(
          page.getByTestId('page-shopStock').getByRole('heading', { level: 1 }),
          'Stock',
        );
        // The shelf is listed at once, before any search.
        await expectVisibleText(page.getByTestId('stock-list'));

        // The camera reads a code no pack of the shop carries.
        await page.getByTestId('stock-scan').click();
        const none = page.getByTestId('stock-no-code');
        await expectVisibleText(none, `No pack in this shop has barcode ${NEW_CODE} yet.`);
        await fitsThePhone(page, 'the stock screen');
        await snap(page, 'shop-stock-new-code');

        // Added as a new product, the code already in its form, with a photo from the camera roll.
        await none.getByTestId('stock-add-with-code').click();
        assert.equal(await page.getByTestId('new-barcode').inputValue(), NEW_CODE);
        await page.getByTestId('new-name-en').fill('Classmate Long Notebook');
        await page.getByTestId('new-name-ta').fill('கிளாஸ்மேட் நீள நோட்டு');
        await page.getByTestId('new-category').selectOption('stationery-printing');
        await page.getByTestId('new-size').fill('1');
        await page.getByTestId('new-unit').selectOption('pcs');
        await page.getByTestId('new-price').fill('68');
        await page.getByTestId('new-mrp').fill('72');
        await page.getByTestId('new-stock').fill('40');
        await page.getByTestId('new-gst').selectOption('12');
        const photo = await sharp({
          create: { width: 900, height: 1200, channels: 3, background: { r: 30, g: 90, b: 200 } },
        })
          .jpeg()
          .toBuffer();
        await page
          .getByTestId('new-photo')
          .setInputFiles({ name: 'notebook.jpg', mimeType: 'image/jpeg', buffer: photo });
        await fitsThePhone(page, 'the new product form');
        await snap(page, 'shop-stock-new-product');
        await page.getByTestId('new-product-save').click();
        await seeToast(page, 'Classmate Long Notebook is in your shop now.');
        const card = page.locator('[data-testid^="stock-product-"]').first();
        await expectVisibleText(card, 'Classmate Long Notebook');
        await expectVisibleText(card, NEW_CODE);
        await expectVisibleText(card, '40 in stock');
        // The photo it was given, drawn.
        const img = card.locator('img').first();
        await img.waitFor();
        assert.ok(
          await img.evaluate(
            (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
          ),
          'the product photo is drawn',
        );
        await snap(page, 'shop-stock-added');

        // A price above the MRP is refused in words before anything is sent; a fair one is saved.
        const packId = (await card
          .locator('[data-testid^="stock-pack-"]')
          .first()
          .getAttribute('data-testid'))!.replace('stock-pack-', '');
        await card.getByTestId(`pack-edit-${packId}`).click();
        await card.getByTestId(`pack-${packId}-price`).fill('75');
        await card.getByTestId(`pack-save-${packId}`).click();
        await expectVisibleText(card.getByTestId(`pack-problem-${packId}`), 'cannot be above the MRP');
        await snap(page, 'shop-stock-above-mrp');
        await card.getByTestId(`pack-${packId}-price`).fill('65');
        await card.getByTestId(`pack-save-${packId}`).click();
        await seeToast(page, 'Saved: shoppers see it now.');
        await expectVisibleText(card, '₹65');

        // A shopper finds it in the shop at the new price.
        const shopper = await newShopper(baseUrl, 'Deepa');
        await signedIn(shopperPage, shopper, '/dashboard');
        const productId = (await card.getAttribute('data-testid'))!.replace('stock-product-', '');
        const listening = liveSubscribed(shopperPage, `shops/${SHOP}/products`);
        await shopperPage.goto(`/productDetails/${productId}`);
        await expectVisibleText(shopperPage.getByTestId('product-name'), 'Classmate Long Notebook');
        await expectVisibleText(shopperPage.getByText('₹65').first());
        // The shop lowers the price again: the open page shows it, with no reload.
        await listening;
        await card.getByTestId(`pack-edit-${packId}`).click();
        await card.getByTestId(`pack-${packId}-price`).fill('62');
        await card.getByTestId(`pack-save-${packId}`).click();
        await seeToast(page, 'Saved: shoppers see it now.');
        await expectVisibleText(shopperPage.getByText('₹62').first());
        assert.equal(await shopperPage.getByText('₹65').count(), 0, 'the old price is gone');

        // With no search the shelf lists everything; marked out of stock, the pack is in that view.
        await page.getByTestId('stock-search').fill('');
        await page.getByTestId('stock-find').click();
        await expectVisibleText(page.getByTestId('stock-list'));
        const ours = page.getByTestId(`stock-product-${productId}`);
        await ours.getByTestId(`pack-out-${packId}`).click();
        await seeToast(page, 'is out of stock.');
        await page.getByTestId('stock-view-out').click();
        await expectVisibleText(ours, 'Out of stock');
        await fitsThePhone(page, 'the out-of-stock view');
        await snap(page, 'shop-stock-out-view');
        await ours.getByTestId(`pack-edit-${packId}`).click();
        await page.getByTestId(`pack-${packId}-stock`).fill('40');
        await page.getByTestId(`pack-save-${packId}`).click();
        await seeToast(page, 'Saved: shoppers see it now.');
        await page.getByTestId('stock-view-all').click();

        // The same screen in Tamil, at 360 px.
        await page.evaluate(() => localStorage.setItem('language', 'ta'));
        await page.goto(`/shop/${SHOP}/stock`);
        await expectVisibleText(
          page.getByTestId('page-shopStock').getByRole('heading', { level: 1 }),
          'இருப்பு',
        );
        await page.getByTestId('stock-search').fill('Classmate');
        await page.getByTestId('stock-find').click();
        const tamilCard = page.getByTestId(`stock-product-${productId}`);
        await expectVisibleText(tamilCard, 'கிளாஸ்மேட் நீள நோட்டு');
        await expectVisibleText(tamilCard, '40 இருப்பில்');
        await tamilCard.getByTestId(`pack-edit-${packId}`).click();
        await tamilCard.getByTestId(`pack-${packId}-stock`).fill('-2');
        await tamilCard.getByTestId(`pack-save-${packId}`).click();
        await expectVisibleText(tamilCard.getByTestId(`pack-problem-${packId}`), 'இருப்பு பூஜ்யத்திற்குக் கீழே');
        await fitsThePhone(page, 'the Tamil stock screen');
        await snap(page, 'shop-stock-ta');
        // The views and the order, in Tamil at 360 px: what sells first.
        await page.getByTestId('stock-search').fill('');
        await page.getByTestId('stock-find').click();
        await page.getByTestId('stock-sort').selectOption('sales');
        await expectVisibleText(page.locator('[data-testid^="stock-sold-"]').first(), 'நாளில்');
        await fitsThePhone(page, 'the Tamil stock list by sales');
        await snap(page, 'shop-stock-sales-ta');
        await context.close();
      } finally {
        await browser.close();
      }
    },
    { timeoutMs: 120_000 },
  ),
  journey(
    'The owner closes the shop for today; shoppers see it closed and may order for when it opens',
    async ({ baseUrl, page: shopperPage, browser }) => {
      const HOLIDAY_SHOP = 'ganesh-hot-chips';
      await openAllDay(baseUrl, HOLIDAY_SHOP);
      const owner = await newShopMember(baseUrl, HOLIDAY_SHOP, 'Ganesan', 'owner');
      const context = await newMobileContext(browser, baseUrl);
      const page = await context.newPage();
      await signedIn(page, owner, `/shop/${HOLIDAY_SHOP}/settings`);
      await expectVisibleText(page.getByTestId('shop-today-state'), 'Open now.');
      await page.getByTestId('closed-today').click();
      await seeToast(page, 'Closed for today. Shoppers see it now.');
      await expectVisibleText(page.getByTestId('shop-today-state'), 'Closed today. Opens');
      await expectVisibleText(page.getByTestId('closed-today'), 'Open again today');
      // A holiday ahead and the shop's GSTIN, saved with the rest.
      const ahead = new Date(Date.now() + (330 + 10 * 1440) * 60_000).toISOString().slice(0, 10);
      await page.getByTestId('holiday-date').fill(ahead);
      await page.getByTestId('holiday-add').click();
      // One character off the valid 33ABCDE1234F1Z7.
      await page.getByTestId('gstin').fill('33ABCDE1234F1Z5');
      await page.getByTestId('settings-save').click();
      await expectVisibleText(page.getByTestId('settings-problem'), 'not a valid GSTIN');
      await page.getByTestId('gstin').fill('');
      await page.getByTestId('settings-save').click();
      await seeToast(page, 'Saved: shoppers see the new settings now.');
      await expectVisibleText(page.getByTestId('holidays'));
      await fitsThePhone(page, 'the settings screen');
      await snap(page, 'shop-settings-closed-today');

      // The shopper sees it shut on the shop, and the cart offers to order for when it opens.
      const shopper = await newShopper(baseUrl, 'Meenakshi');
      await signedIn(shopperPage, shopper, `/Search/${HOLIDAY_SHOP}`);
      await expectVisibleText(shopperPage.getByTestId('shop-hours'), 'Closed today, opens');
      await addFromProductPage(shopperPage, 'ganesh-banana-chips', 'ganesh-banana-chips-250g', 1);
      await shopperPage.goto('/MyCart');
      await expectVisibleText(shopperPage.getByTestId('cart-shop-closed'), 'is closed now and opens at');
      await expectVisibleText(shopperPage.getByTestId('order-when-open'));
      await snap(shopperPage, 'cart-shop-closed-today');

      // The same in Tamil for the owner; then open again, and the shopper sees it open.
      await page.evaluate(() => localStorage.setItem('language', 'ta'));
      await page.goto(`/shop/${HOLIDAY_SHOP}/settings`);
      await expectVisibleText(page.getByTestId('shop-today-state'), 'இன்று விடுமுறை');
      await fitsThePhone(page, 'the Tamil settings screen');
      await snap(page, 'shop-settings-ta');
      await page.getByTestId('closed-today').click();
      await expectVisibleText(page.getByTestId('shop-today-state'), 'இப்போது திறந்துள்ளது');
      // The owner's money screen in Tamil: nothing paid today at this shop yet, said so.
      await page.goto(`/shop/${HOLIDAY_SHOP}/money`);
      await expectVisibleText(page.getByTestId('page-shopMoney').getByRole('heading', { level: 1 }), 'பணம்');
      await expectVisibleText(page.getByTestId('money-owed'), '₹0');
      // How the shop is paid, in Tamil: no bank account yet, and the form to link one.
      await expectVisibleText(page.getByTestId('payout-none'), 'உங்கள் வங்கிக் கணக்கைச் சேர்த்தால்');
      await expectVisibleText(page.getByTestId('payout-save'), 'இந்தக் கணக்கை இணை');
      await page.getByTestId('payout-ifsc').scrollIntoViewIfNeeded();
      await fitsThePhone(page, 'the Tamil money screen');
      await snap(page, 'shop-payouts-ta');
      await page.evaluate(() => window.scrollTo(0, 0));
      await snap(page, 'shop-money-ta');
      await shopperPage.goto(`/Search/${HOLIDAY_SHOP}`);
      await expectVisibleText(shopperPage.getByTestId('shop-hours'), 'Open 00:00–24:00');
      await context.close();
    },
  ),
];

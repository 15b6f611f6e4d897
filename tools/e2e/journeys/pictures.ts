import assert from 'node:assert/strict';
import sharp from 'sharp';
import { type Journey, journey } from '../runner.ts';
import { newShopper, signedIn } from '../shopper.ts';
import { expectPicture, expectVisibleText } from '../visible.ts';

/** The catalogue's bundled pictures (docs/pictures.md) on the screens shoppers look at. */
export const pictureJourneys: Journey[] = [
  journey(
    'Shoppers see a picture of each product, shop and category, in English and Tamil',
    async ({ context, page, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Picture Looker');
      await signedIn(page, shopper, '/productDetails/murugan-ponni-raw-rice');
      await page.getByTestId('product-name').waitFor();
      await expectPicture(page.locator('.product-detail img.product-art').first(), /\/art\/1F35A\.svg$/);
      await screenshot('picture-product');

      await page.goto('/Search/iyyappa-bakery');
      const card = page.locator('[data-testid^="product-"] img.product-art').first();
      await expectPicture(card, /^\/art\/.+\.svg$/);
      await screenshot('picture-shop');

      await page.goto('/myComplex');
      await expectPicture(page.getByTestId('categories').locator('img').first(), /^\/art\/.+\.svg$/);
      await expectPicture(page.getByTestId('nearby-sellers').locator('img').first(), /^\/art\/.+\.svg$/);
      await screenshot('picture-market');

      await page.goto('/dashboard');
      // The town's section is drawn when it comes near the screen, at the foot of the page.
      await page.getByTestId('no-live-bookings').waitFor();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const shops = page.getByTestId('town-shops');
      await expectPicture(shops.locator('img').first(), /^\/art\/.+\.svg$/);
      await expectPicture(page.getByTestId('town-shoppers').locator('img').first(), /^\/art\/.+\.svg$/);
      await screenshot('picture-dashboard');

      // A shop's own photo replaces the illustration, at the width the screen needs.
      const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#d9822b' } })
        .jpeg()
        .toBuffer();
      const sent = await fetch(`${baseUrl}/api/ops/products/santhi-jangiri/photo`, {
        method: 'POST',
        headers: { 'x-ops-token': 'petti-development-ops-token', 'content-type': 'image/jpeg' },
        body: new Uint8Array(photo),
      });
      assert.equal(sent.status, 200, await sent.text());
      await page.goto('/productDetails/santhi-jangiri');
      const shown = page.locator('.product-detail img.product-art').first();
      await expectPicture(shown, /^\/api\/products\/photos\/[0-9a-f]{32}\/medium$/);
      assert.match(
        (await shown.getAttribute('srcset')) ?? '',
        /\/thumb 160w, .+\/medium 480w, .+\/large 1080w$/,
      );
      await screenshot('picture-product-photo');

      await context.addInitScript(() => window.localStorage.setItem('language', 'ta'));
      await page.goto('/productDetails/santhi-mysore-pak');
      await page.getByTestId('product-name').waitFor();
      await expectPicture(page.locator('.product-detail img.product-art').first(), /^\/art\/.+\.svg$/);
      // Every demo product says what it is in Tamil too.
      await expectVisibleText(page.getByTestId('product-description'), 'நுண்துளைகள் கொண்ட கடலை மாவு இனிப்பு');
      await screenshot('ta-picture-product');
      await page.goto('/dashboard');
      await page.getByTestId('no-live-bookings').waitFor();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expectPicture(page.getByTestId('town-shops').locator('img').first(), /^\/art\/.+\.svg$/);
      await page.getByTestId('town-shops').scrollIntoViewIfNeeded();
      await screenshot('ta-picture-dashboard');
    },
  ),
];

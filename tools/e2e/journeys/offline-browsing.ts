import assert from 'node:assert/strict';
import { serviceWorkerInControl } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import { newShopper, signedIn } from '../shopper.ts';
import { expectPicture } from '../visible.ts';

/** The marketplace from the service worker's caches when the connection drops (docs/marketplace.md). */
export const offlineBrowsingJourneys: Journey[] = [
  journey(
    'Shoppers keep browsing the shops they have seen when the connection drops',
    async ({ page, context, baseUrl, screenshot }) => {
      const shopper = await newShopper(baseUrl, 'Offline Browser');
      await signedIn(page, shopper, '/productDetails/murugan-sugar');
      await page.getByTestId('product-name').waitFor();
      await serviceWorkerInControl(page);
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
      // Its picture was seen once, so the service worker shows it offline too.
      await expectPicture(page.locator('.product-detail img.product-art').first(), /^\/art\/.+\.svg$/);
      await screenshot('marketplace-offline-product');
      await context.setOffline(false);
    },
  ),
];

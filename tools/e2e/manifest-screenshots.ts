import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { launchBrowser, newMobileContext, repoRoot, startServer } from './harness.ts';
import { newShopper, openAllDay, signedIn } from './shopper.ts';

/**
 * Makes the install sheet's screenshots (the manifest's `screenshots`, docs/pictures.md): the built
 * app on a demo server, a new shopper on three screens at a phone's size, written as optimised PNGs
 * to apps/web/public/screenshots/. Run by hand after a visible change:
 * `npm run build && node --import tsx tools/e2e/manifest-screenshots.ts`.
 */
const SCREENS = [
  { name: 'lockers', path: '/dashboard', ready: '[data-testid="site-map"] [data-marker]' },
  { name: 'shop', path: '/Search/iyyappa-bakery', ready: '[data-testid^="product-"] img' },
  { name: 'product', path: '/productDetails/santhi-mysore-pak', ready: '.product-detail img' },
];

const out = join(repoRoot, 'apps/web/public/screenshots');
await mkdir(out, { recursive: true });
// No made-up streets in the install sheet: the map shows its pins on the town's outline and names.
process.env.MAP_TILE_URL = 'none';
const server = await startServer({ name: 'screenshots' });
const browser = await launchBrowser();
try {
  const context = await newMobileContext(browser, server.baseUrl);
  const page = await context.newPage();
  const shopper = await newShopper(server.baseUrl, 'Meena Sivakasi');
  // Shown open whatever the hour the pictures are taken at.
  await openAllDay(server.baseUrl, 'iyyappa-bakery');
  await openAllDay(server.baseUrl, 'santhi-sweets');
  for (const [i, screen] of SCREENS.entries()) {
    if (i === 0) await signedIn(page, shopper, screen.path);
    else await page.goto(screen.path);
    await page.locator(screen.ready).first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    const png = await page.screenshot({ animations: 'disabled' });
    await sharp(png)
      .png({ palette: true, quality: 90, compressionLevel: 9 })
      .toFile(join(out, `${screen.name}.png`));
    console.log(`screenshots/${screen.name}.png`);
  }
} finally {
  await browser.close();
  await server.stop();
}

import type { Page } from 'playwright-core';

/** The main signed-in screens, for journeys that check each one (language, accessibility). */
export const MAIN_SCREENS = [
  '/dashboard',
  '/booking/bus-stand',
  '/myComplex',
  '/categoryProducts/grocery',
  '/MyCart',
  '/profile/MyOrders',
  '/curbside',
  '/profile/MyAddress',
  '/subscription',
  '/subscribed',
  '/bookings',
  '/notifications',
  '/profile',
  '/settings',
  '/helpCenter',
  '/chatBot',
  '/pricing',
] as const;

/** Waits until a screen has its heading, its data and no loading placeholders left. */
export async function settledScreen(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 8_000 })
    .catch(() => undefined);
}

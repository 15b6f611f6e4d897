import type { Page } from 'playwright-core';
import { newShopper, signedIn } from './shopper.ts';

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

/** The screens anyone reaches signed out, for the same journeys. */
export const PUBLIC_SCREENS = [
  '/login',
  '/register',
  '/pricing',
  '/sellerLandingPage',
  '/becomeSeller',
] as const;

/**
 * Every public screen, then every main screen as a new shopper named `shopper`, each settled before
 * `check` looks at it: the walk the whole-app checks (accessibility, valid HTML) share.
 */
export async function onEveryScreen(
  page: Page,
  baseUrl: string,
  shopper: string,
  check: (path: string) => Promise<void>,
): Promise<void> {
  for (const path of PUBLIC_SCREENS) {
    await page.goto(path);
    await settledScreen(page);
    await check(path);
  }
  await signedIn(page, await newShopper(baseUrl, shopper), MAIN_SCREENS[0]);
  for (const path of MAIN_SCREENS) {
    if (path !== MAIN_SCREENS[0]) await page.goto(path);
    await settledScreen(page);
    await check(path);
  }
}

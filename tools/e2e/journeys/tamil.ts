import assert from 'node:assert/strict';
import { type Journey, journey } from '../runner.ts';
import { MAIN_SCREENS, settledScreen } from '../screens.ts';
import { newShopper, signedIn } from '../shopper.ts';
import { cutShort } from '../visible.ts';

/**
 * Every main screen in Tamil: no English left in the page's own text. Latin words allowed are the
 * ones shoppers read in English in Tamil too (PIN, GST, UPI, SMS), brands, the language switch's
 * "English", units from the shops' data, the map's credit line, the shopper's own name, and email
 * addresses.
 */
const ALLOWED = new Set([
  ...['PIN', 'GST', 'CGST', 'SGST', 'UPI', 'SMS', 'Razorpay', 'Petti', 'English'],
  ...['pcs', 'pack', 'gsm', 'kg', 'ml'],
  // The map's credit line, in the wording the tile provider's terms ask for.
  ...['Leaflet', 'OpenStreetMap', 'contributors'],
]);

export const tamilJourneys: Journey[] = [
  journey(
    'A Tamil-speaking shopper finds every main screen in Tamil',
    async ({ context, page, baseUrl, screenshot }) => {
      await context.addInitScript(() => window.localStorage.setItem('language', 'ta'));
      const shopper = await newShopper(baseUrl, 'Kavitha Tamil');
      const allowed = new Set([...ALLOWED, 'Kavitha', 'Tamil']);
      const leaks: string[] = [];
      const truncated: string[] = [];
      await signedIn(page, shopper, MAIN_SCREENS[0]);
      for (const path of MAIN_SCREENS) {
        if (path !== MAIN_SCREENS[0]) await page.goto(path);
        await settledScreen(page);
        // An email address is written as it is in any language (the help desk's, on the help screens).
        const text = (await page.locator('main').first().innerText()).replace(/\S+@\S+/g, '');
        assert.match(text, /[\u0B80-\u0BFF]/, `${path} shows Tamil`);
        const english = [...new Set(text.match(/[A-Za-z]{3,}/g) ?? [])].filter((w) => !allowed.has(w));
        if (english.length > 0) leaks.push(`${path}: ${english.join(' ')}`);
        // Words cut short with "…" (a label longer than its place at 360 px) are words not read.
        const cut = await cutShort(page);
        if (cut.length > 0) truncated.push(`${path}: ${cut.join(' | ')}`);
        await screenshot(`ta${path}`);
      }
      assert.deepEqual(leaks, [], 'English words left on Tamil screens');
      assert.deepEqual(truncated, [], 'Tamil words cut short on screens at 360 px');
    },
  ),
];

import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { mobileContextOptions, screenshot as snap } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import { addFromProductPage, checkout, waitForStep } from '../shop-steps.ts';
import {
  asOps,
  asShopper,
  newShopMember,
  newShopper,
  openAllDay,
  randomMobile,
  signedIn,
} from '../shopper.ts';
import { expectVisibleText, fitsThePhone } from '../visible.ts';

/**
 * A shop's whole day, as its owner and a shopper live it side by side on two 360 px phones
 * (docs/shops.md): the shop opened (its hours, its shelf, its people), then an order of every delivery
 * type taken to its end — home with an item missing, a substitute and a proof photo; a parcel locker;
 * curbside with a buyer who says where they parked; one turned down; one ordered while the shop was
 * shut and accepted when it opened — and the day's money. Every screen on both phones is read whole:
 * nothing wider than the phone, no words cut short.
 */

/** A demo shop no other journey works: home, parcel locker and curbside. */
const SHOP = 'sri-lakshmi-home-needs';
const PACK = {
  bulb: ['lakshmi-led-bulb-9w', 'lakshmi-led-bulb-9w-1pcs'],
  towels: ['lakshmi-kitchen-towels', 'lakshmi-kitchen-towels-1pack'],
  foil: ['lakshmi-aluminium-foil', 'lakshmi-aluminium-foil-1pcs'],
  soap: ['lakshmi-neem-soap', 'lakshmi-neem-soap-1pack'],
  scrubber: ['lakshmi-steel-scrubber', 'lakshmi-steel-scrubber-1pack'],
  broom: ['lakshmi-coconut-broom', 'lakshmi-coconut-broom-1pcs'],
  clips: ['lakshmi-cloth-clips', 'lakshmi-cloth-clips-1pack'],
} as const;

/** A budget phone: 360 px wide, in the town's zone. */
const PHONE = { ...mobileContextOptions, viewport: { width: 360, height: 740 } };

type Language = 'en' | 'ta';

/** Words that differ by language; everything else is found by what it is (test ids, states). */
const WORDS = {
  en: { parked: 'Parked: Bay 2, near the tea stall', turnedDown: 'The shop turned this order down' },
  ta: { parked: 'Bay 2, near the tea stall', turnedDown: 'கடை இந்த ஆர்டரை ஏற்கவில்லை' },
} as const;

async function phone(browser: Browser, baseUrl: string, language: Language): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE, baseURL: baseUrl });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  return context;
}

/** Reads the screen whole and keeps a picture of it: nothing sideways, no word cut short. */
async function readWhole(page: Page, what: string, name: string): Promise<void> {
  await fitsThePhone(page, what);
  await snap(page, name);
}

/** The board's card of an order, in the lane it should be in. */
async function card(board: Page, lane: string, orderId: string) {
  await board.goto(`/shop/${SHOP}`);
  await board.getByTestId(`lane-${lane}`).click();
  const found = board.getByTestId(`shop-order-${orderId}`);
  await found.waitFor({ timeout: 30_000 });
  return found;
}

const photo = (colour: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function walk(browser: Browser, baseUrl: string, language: Language): Promise<void> {
  const words = WORDS[language];
  const tag = `shop-day-${language}`;
  await openAllDay(baseUrl, SHOP);
  // The demo's shop simulator steps away: this shop's people work its orders by hand.
  const sim = await asOps(baseUrl, 'DELETE', `/ops/shops/${SHOP}/members/919000000001`);
  assert.ok(sim.status === 204 || sim.status === 404, `removing the simulator answered ${sim.status}`);
  const owner = await newShopMember(
    baseUrl,
    SHOP,
    language === 'ta' ? 'லட்சுமி சுந்தரம்' : 'Lakshmi Owner',
    'owner',
  );
  const buyer = await newShopper(baseUrl, language === 'ta' ? 'கவிதா' : 'Kavitha Raman');
  await asShopper(baseUrl, buyer, 'POST', '/addresses', {
    label: 'Home',
    line1: '21 Amman Kovil Street',
    // A few streets from the shop: inside its 5 km range by road.
    lat: 9.4601,
    lng: 77.8093,
  });
  const shopPhone = await phone(browser, baseUrl, language);
  const buyerPhone = await phone(browser, baseUrl, language);
  try {
    const board = await shopPhone.newPage();
    const shopper = await buyerPhone.newPage();
    const shot = (name: string) => snap(shopper, `${tag}-${name}`);

    // Morning: the owner opens the shop. Its hours say open now.
    await signedIn(board, owner, `/shop/${SHOP}/settings`);
    await expectVisibleText(board.getByTestId('shop-today-state'));
    assert.equal(await board.getByTestId('closed-today').count(), 1, 'the owner may close for today');
    await readWhole(board, 'the shop settings', `${tag}-settings`);
    // The shelf at once, with what runs low; the bulbs are down to 3.
    await board.goto(`/shop/${SHOP}/stock`);
    const bulbs = board.getByTestId(`stock-product-${PACK.bulb[0]}`);
    await board.getByTestId('stock-search').fill('bulb');
    await board.getByTestId('stock-find').click();
    await bulbs.getByTestId(`pack-edit-${PACK.bulb[1]}`).click();
    await bulbs.getByTestId(`pack-${PACK.bulb[1]}-stock`).fill('3');
    await bulbs.getByTestId(`pack-save-${PACK.bulb[1]}`).click();
    await expectVisibleText(bulbs.getByTestId(`stock-level-${PACK.bulb[1]}`));
    assert.equal(await bulbs.getByTestId(`stock-level-${PACK.bulb[1]}`).getAttribute('data-level'), 'low');
    await board.getByTestId('stock-search').fill('');
    await board.getByTestId('stock-find').click();
    await board.getByTestId('stock-view-low').click();
    await expectVisibleText(board.getByTestId(`stock-product-${PACK.bulb[0]}`));
    await readWhole(board, 'the stock running low', `${tag}-stock-low`);
    // A helper for the day, added by phone number.
    await board.goto(`/shop/${SHOP}/people`);
    await board.getByTestId('member-phone').fill(randomMobile());
    await board.getByTestId('add-member').click();
    await board.getByTestId('shop-people').locator('li').nth(1).waitFor();
    await readWhole(board, 'the shop people', `${tag}-people`);

    // 1. Home delivery: two bulbs and kitchen towels. One bulb is not there; no towels, foil instead.
    await signedIn(shopper, buyer, '/dashboard');
    await addFromProductPage(shopper, PACK.bulb[0], PACK.bulb[1], 2);
    await addFromProductPage(shopper, PACK.towels[0], PACK.towels[1], 1);
    await shopper.goto('/MyCart');
    await readWhole(shopper, 'the cart', `${tag}-cart`);
    await shopper.getByTestId('delivery-home').click();
    await shopper.locator('[data-testid^="address-option-"]').first().click();
    const home = await checkout(shopper, shot, `${tag}-home`);
    let c = await card(board, 'new', home);
    await expectVisibleText(c, 'Amman Kovil Street');
    await readWhole(board, 'the new order', `${tag}-board-new`);
    await c.getByTestId('accept').click();
    await waitForStep(shopper, 'accepted');
    c = await card(board, 'active', home);
    await c.getByTestId(`not-there-${PACK.bulb[1]}`).click();
    await c.getByTestId(`item-problem-${PACK.bulb[1]}`).locator('select').selectOption('1');
    await c.getByTestId('mark-unavailable').click();
    await expectVisibleText(shopper.getByTestId(`missing-${PACK.bulb[1]}`));
    await c.getByTestId(`not-there-${PACK.towels[1]}`).click();
    await c.getByTestId('substitute-search').fill('foil');
    await c.getByTestId(`offer-${PACK.foil[1]}`).click();
    await expectVisibleText(shopper.getByTestId('substitution-offers'));
    await readWhole(shopper, 'the substitute offered', `${tag}-substitute-offered`);
    await shopper.getByTestId('accept-substitute').click();
    await expectVisibleText(c.getByTestId('sub-accepted'));
    await readWhole(board, 'the order with its substitute', `${tag}-board-substitute`);
    await c.getByTestId('step-pack').click();
    await waitForStep(shopper, 'packed');
    await c.getByTestId('step-dispatch').click();
    await waitForStep(shopper, 'out_for_delivery');
    // At the door with a photo: looked at, retaken, then the one that counts.
    await c.getByTestId('proof-photo').setInputFiles({
      name: 'door.png',
      mimeType: 'image/png',
      buffer: await photo('#b4783c'),
    });
    await c.getByTestId('proof-retake').setInputFiles({
      name: 'door-again.png',
      mimeType: 'image/png',
      buffer: await photo('#3c78b4'),
    });
    await expectVisibleText(c.getByTestId('proof-preview'));
    await readWhole(board, 'the proof photo', `${tag}-proof`);
    await c.getByTestId('proof-confirm').click();
    await waitForStep(shopper, 'delivered');
    await expectVisibleText(shopper.getByTestId('proof-photo'));
    await expectVisibleText(shopper.getByTestId('order-invoice'));
    await readWhole(shopper, 'the delivered order', `${tag}-home-delivered`);

    // 2. A parcel locker: soap, dropped at the bus stand, opened with its PIN.
    await addFromProductPage(shopper, PACK.soap[0], PACK.soap[1], 1);
    await shopper.goto('/MyCart');
    await shopper.getByTestId('delivery-locker').click();
    await shopper.getByTestId('site-option-bus-stand').click();
    const locker = await checkout(shopper, shot, `${tag}-locker`);
    c = await card(board, 'new', locker);
    await c.getByTestId('accept').click();
    c = await card(board, 'active', locker);
    await c.getByTestId('step-pack').click();
    await c.getByTestId('step-drop-in-locker').click();
    await waitForStep(shopper, 'in_locker');
    const pin = (await shopper.getByTestId('pickup-pin').innerText()).trim();
    await readWhole(shopper, 'the locker PIN', `${tag}-locker-pin`);
    const keypad = await fetch(`${baseUrl}/api/dev/locker-sim/keypad`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siteId: 'bus-stand', pin }),
    });
    assert.ok(keypad.ok, `the keypad answered ${keypad.status}`);
    await waitForStep(shopper, 'collected');

    // 3. Curbside: the buyer says where they parked; the shop sees it, and "on the way" only while so.
    await addFromProductPage(shopper, PACK.scrubber[0], PACK.scrubber[1], 2);
    await shopper.goto('/MyCart');
    await shopper.getByTestId('delivery-curbside').click();
    await shopper.getByTestId('vehicle-no').fill('TN 67 AB 1234');
    const kerb = await checkout(shopper, shot, `${tag}-curbside`);
    c = await card(board, 'new', kerb);
    await c.getByTestId('accept').click();
    await waitForStep(shopper, 'accepted');
    await shopper.getByTestId('on-my-way').click();
    c = await card(board, 'active', kerb);
    await c.getByTestId('step-pack').click();
    await c.getByTestId('step-ready-for-pickup').click();
    await waitForStep(shopper, 'ready_for_pickup');
    await shopper.getByTestId('curbside-spot').fill('Bay 2, near the tea stall');
    await readWhole(shopper, 'the curbside panel', `${tag}-curbside-panel`);
    await shopper.getByTestId('im-here').click();
    await waitForStep(shopper, 'arrived');
    c = await card(board, 'active', kerb);
    await expectVisibleText(c.getByTestId('shop-order-curbside'), words.parked);
    await readWhole(board, 'the buyer here', `${tag}-board-kerb`);
    await c.getByTestId('step-hand-over').click();
    await waitForStep(shopper, 'handed_over');
    c = await card(board, 'done', kerb);
    await expectVisibleText(c.getByTestId('shop-order-curbside'), words.parked);

    // 4. Turned down: a broom the shop is too busy to bring; the buyer reads why.
    await addFromProductPage(shopper, PACK.broom[0], PACK.broom[1], 1);
    await shopper.goto('/MyCart');
    await shopper.getByTestId('delivery-home').click();
    await shopper.locator('[data-testid^="address-option-"]').first().click();
    const refused = await checkout(shopper, shot, `${tag}-turned-down`);
    c = await card(board, 'new', refused);
    await c.getByTestId('reject').click();
    await c.locator('fieldset select').selectOption('too_busy');
    await readWhole(board, 'turning an order down', `${tag}-board-reject`);
    await c.getByTestId('reject-confirm').click();
    await expectVisibleText(shopper.getByTestId('order-end'), words.turnedDown);
    await readWhole(shopper, 'the turned-down order', `${tag}-turned-down`);

    // 5. Shut for the day: a night order, paid now for when the shop opens, accepted when it does.
    await board.goto(`/shop/${SHOP}/settings`);
    await board.getByTestId('closed-today').click();
    await board.getByTestId('closed-today').and(board.locator('.button--primary')).waitFor();
    await addFromProductPage(shopper, PACK.clips[0], PACK.clips[1], 1);
    await shopper.goto('/MyCart');
    await expectVisibleText(shopper.getByTestId('cart-shop-closed'));
    await shopper.getByTestId('order-when-open').locator('input').check();
    await shopper.getByTestId('delivery-home').click();
    await shopper.locator('[data-testid^="address-option-"]').first().click();
    await readWhole(shopper, 'the cart at night', `${tag}-cart-closed`);
    const night = await checkout(shopper, shot, `${tag}-night`);
    await expectVisibleText(shopper.getByTestId('order-scheduled'));
    c = await card(board, 'scheduled', night);
    await readWhole(board, 'the night order waiting', `${tag}-board-scheduled`);
    await board.goto(`/shop/${SHOP}/settings`);
    await board.getByTestId('closed-today').click();
    await board.getByTestId('closed-today').and(board.locator('.button--secondary')).waitFor();
    c = await card(board, 'new', night);
    await c.getByTestId('accept').click();
    await waitForStep(shopper, 'accepted');
    c = await card(board, 'active', night);
    await c.getByTestId('step-pack').click();
    await c.getByTestId('step-dispatch').click();
    // At the door: the code the buyer reads out.
    await expectVisibleText(shopper.getByTestId('delivery-code'));
    const code = (await shopper.locator('.delivery-code__digits').innerText()).trim();
    await c.getByTestId('delivery-code').fill(code);
    await c.getByTestId('step-deliver').click();
    await waitForStep(shopper, 'delivered');

    // Evening: the day's money, every paid order on it, adding up.
    await board.goto(`/shop/${SHOP}/money`);
    for (const id of [home, locker, kerb, refused, night])
      await board.getByTestId(`money-order-${id}`).waitFor({ timeout: 15_000 });
    const amount = async (id: string) =>
      Number((await board.getByTestId(id).innerText()).replace(/[^\d.]/g, ''));
    const [paid = 0, back = 0, fees = 0, owed = 0] = await Promise.all(
      ['money-paid', 'money-refunded', 'money-fees', 'money-owed'].map(amount),
    );
    assert.ok(back > 0, 'the missing bulb and the turned-down order were refunded');
    assert.ok(Math.abs(paid - back - fees - owed) < 0.005, `${paid} − ${back} − ${fees} ≠ ${owed}`);
    await readWhole(board, 'the day’s money', `${tag}-money`);
    await shopper.goto('/profile/MyOrders');
    for (const id of [home, locker, kerb, refused, night]) await shopper.getByTestId(`order-${id}`).waitFor();
    await readWhole(shopper, 'the buyer’s orders', `${tag}-my-orders`);
  } finally {
    await shopPhone.close();
    await buyerPhone.close();
  }
}

export const shopDayJourneys: Journey[] = [
  journey(
    "A shop's whole day, in English, on two 360 px phones",
    ({ browser, baseUrl }) => walk(browser, baseUrl, 'en'),
    { timeoutMs: 300_000 },
  ),
  journey(
    "A shop's whole day, in Tamil, on two 360 px phones",
    ({ browser, baseUrl }) => walk(browser, baseUrl, 'ta'),
    { timeoutMs: 300_000 },
  ),
];

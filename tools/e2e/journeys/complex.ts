import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { DEV_OPS_TOKEN } from '../../../apps/server/src/config.ts';
import { newMobileContext, screenshot as save, waitForPath } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import {
  asShopper,
  existingShopper,
  json,
  newShopper,
  payOnTestpay,
  type Session,
  signedIn,
} from '../shopper.ts';
import { expectVisibleText } from '../visible.ts';

/**
 * The complex marketplace (docs/complex.md): a new resident asks to join and the complex's admin
 * approves in the app; the resident lists an item with a photo; a neighbour finds it, pays, and
 * collects it from the complex locker with the pickup PIN after the seller drops it with the drop PIN;
 * someone outside the complex cannot see it. Then the same in Tamil at 360 px, in the other complex.
 */

/** A photo as a phone would give it: a JPEG, wider than any size the server keeps. */
const photo = () =>
  sharp({ create: { width: 1400, height: 1000, channels: 3, background: { r: 30, g: 110, b: 190 } } })
    .jpeg()
    .toBuffer();

/** Joins through the API and is approved by the operators (for the neighbour the journey does not follow). */
async function approvedResident(baseUrl: string, name: string, complexId: string): Promise<Session> {
  const who = await newShopper(baseUrl, name);
  await asShopper(baseUrl, who, 'POST', '/complex/membership', { complexId, block: 'C', flat: 'C-21' });
  await json(
    await fetch(`${baseUrl}/api/ops/complexes/${complexId}/requests/${who.userId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ops-token': DEV_OPS_TOKEN },
      body: JSON.stringify({ decision: 'approve' }),
    }),
    'approve',
  );
  return who;
}

async function typeAtKeypad(baseUrl: string, siteId: string, pin: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/dev/locker-sim/keypad`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ siteId, pin }),
  });
  assert.ok(res.ok, `keypad answered ${res.status}`);
}

/** Waits until every door of the simulated site is shut again (the seller closed it after the drop). */
async function doorsShut(baseUrl: string, siteId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { sites } = await json<{ sites: Array<{ siteId: string; doors: Record<string, string> }> }>(
      await fetch(`${baseUrl}/api/dev/locker-sim`),
      'GET /api/dev/locker-sim',
    );
    const site = sites.find((s) => s.siteId === siteId);
    if (site && Object.values(site.doors).every((d) => d === 'closed')) return;
    assert.ok(Date.now() < deadline, `${siteId}: a door stayed open`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function orderState(page: Page, state: string, timeout = 60_000): Promise<void> {
  await page.locator(`[data-testid="complex-order-state"][data-state="${state}"]`).waitFor({ timeout });
}

interface Run {
  baseUrl: string;
  page: Page;
  shot: (page: Page, name: string) => Promise<unknown>;
  complexId: string;
  complexWords: string;
  site: string;
  admin: string;
  tamil: boolean;
  texts: {
    waiting: RegExp;
    home: RegExp;
    allIn: RegExp;
    dropPin: RegExp;
    pickupPin: RegExp;
    completed: RegExp;
  };
}

async function walk(r: Run): Promise<void> {
  const { baseUrl, page, shot, tamil } = r;
  const suffix = tamil ? '-ta' : '';
  const setLanguage = async (p: Page) => {
    if (tamil) await p.evaluate(() => localStorage.setItem('language', 'ta'));
  };

  // 1. A new resident finds the complex and asks to join: waiting for approval.
  const seller = await newShopper(baseUrl, tamil ? 'Selvi Arumugam' : 'Anand Krishnan');
  await signedIn(page, seller, '/login');
  await setLanguage(page);
  await page.goto('/myComplex');
  await page.getByTestId('complex-join').waitFor();
  await page.getByTestId('complex-search').fill(r.complexWords);
  await page.getByTestId(`complex-${r.complexId}`).click();
  await page.getByTestId('join-submit').click();
  // Nothing chosen: told by field, nothing sent.
  await page
    .getByText(tamil ? 'உங்கள் பிளாக்கைத் தேர்ந்தெடுங்கள்' : 'Choose your block')
    .last()
    .waitFor();
  await page.getByTestId('join-block').selectOption('B');
  await page.getByTestId('join-flat').fill('b-12');
  await page.getByTestId('join-submit').click();
  await expectVisibleText(page.getByTestId('complex-pending'), r.texts.waiting);
  await shot(page, `complex-waiting${suffix}`);

  // 2. The admin approves in the app; the resident's screen turns into the complex's home by itself.
  const admin = await existingShopper(baseUrl, r.admin);
  const adminContext = await newMobileContext(
    page.context().browser()!,
    baseUrl,
    tamil ? { viewport: { width: 360, height: 740 } } : {},
  );
  const adminPage = await adminContext.newPage();
  await signedIn(adminPage, admin, '/login');
  await setLanguage(adminPage);
  await adminPage.goto('/myComplex');
  const request = adminPage.getByTestId(`request-${seller.userId}`);
  await expectVisibleText(request, 'B-12');
  await shot(adminPage, `complex-admin${suffix}`);
  await request.getByTestId('approve').click();
  await request.waitFor({ state: 'detached' });
  await page.getByTestId('complex-home').waitFor({ timeout: 20_000 });
  await expectVisibleText(page.getByTestId('complex-home'), r.texts.home);
  await shot(page, `complex-home${suffix}`);

  // 3. The resident lists an item with a photo, handed over through the complex locker.
  await page.getByTestId('sell-item').click();
  await waitForPath(page, '/sellProduct/new');
  await page.getByTestId('listing-save').click();
  await page.getByText(tamil ? 'பொருளுக்கு ஒரு தலைப்பு கொடுங்கள்.' : 'Give the item a title.').waitFor();
  const title = tamil ? 'பித்தளை குத்துவிளக்கு' : 'Steel water bottle, 1 litre';
  await page.getByTestId('listing-title').fill(title);
  await page.getByTestId('listing-description').fill(tamil ? 'புதியது போல' : 'Used twice, no dents.');
  await page.getByTestId('listing-category').selectOption('household');
  await page.getByTestId('listing-price').fill('250');
  await page.getByTestId('handover-complex_locker').click();
  await page
    .getByTestId('listing-photo-input')
    .setInputFiles({ name: 'bottle.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await page.locator('.listing-photos__list img').waitFor();
  await shot(page, `complex-sell-form${suffix}`);
  await page.getByTestId('listing-save').click();
  await page.waitForURL((url) => url.pathname.startsWith('/productDetails/cl-'), { timeout: 15_000 });
  const listingId = new URL(page.url()).pathname.split('/').pop()!;
  await expectVisibleText(page.getByTestId('listing-title'), title);
  const img = page.locator('.listing-detail__photos img').first();
  await img.waitFor();
  assert.ok(
    await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0),
    'the photo shows',
  );
  await shot(page, `complex-listing-mine${suffix}`);

  // 4. A neighbour finds it by searching the complex, and pays (all-in price shown first).
  const buyer = await approvedResident(baseUrl, tamil ? 'Kala Devi' : 'Divya Menon', r.complexId);
  const buyerContext = await newMobileContext(
    page.context().browser()!,
    baseUrl,
    tamil ? { viewport: { width: 360, height: 740 } } : {},
  );
  const buyerPage = await buyerContext.newPage();
  await signedIn(buyerPage, buyer, '/login');
  await setLanguage(buyerPage);
  await buyerPage.goto('/myComplex');
  await buyerPage.getByTestId('complex-listing-search').fill(tamil ? 'குத்துவிளக்கு' : 'WATER bottle');
  await buyerPage.getByTestId('complex-listing-search').press('Enter');
  await buyerPage.getByTestId(`listing-${listingId}`).click();
  await waitForPath(buyerPage, `/productDetails/${listingId}`);
  await buyerPage.getByTestId('buy-handover-complex_locker').click();
  await expectVisibleText(buyerPage.getByTestId('buy-all-in'), r.texts.allIn);
  await shot(buyerPage, `complex-buy${suffix}`);
  await buyerPage.getByTestId('buy').click();
  await payOnTestpay(buyerPage);
  await buyerPage.waitForURL((url) => url.pathname.startsWith('/profile/MyOrders/co-'), { timeout: 20_000 });
  await orderState(buyerPage, 'awaiting_drop');
  const orderPath = new URL(buyerPage.url()).pathname;

  // 5. The seller is told, opens the order and drops the item with the drop PIN.
  await page.goto(orderPath);
  await expectVisibleText(page.getByTestId('drop-pin-card'), r.texts.dropPin);
  const dropPin = (await page.getByTestId('locker-pin').innerText()).trim();
  await shot(page, `complex-drop-pin${suffix}`);
  await typeAtKeypad(baseUrl, r.site, dropPin);
  await orderState(page, 'in_locker');

  // 6. The buyer's screen shows the pickup PIN by itself; typed at the keypad, the order completes.
  await orderState(buyerPage, 'in_locker');
  await expectVisibleText(buyerPage.getByTestId('pickup-pin-card'), r.texts.pickupPin);
  const pickupPin = (await buyerPage.getByTestId('locker-pin').innerText()).trim();
  assert.notEqual(pickupPin, dropPin);
  await shot(buyerPage, `complex-pickup-pin${suffix}`);
  await doorsShut(baseUrl, r.site);
  await typeAtKeypad(baseUrl, r.site, pickupPin);
  await orderState(buyerPage, 'completed');
  await expectVisibleText(buyerPage.getByTestId('complex-order-state'), r.texts.completed);
  await shot(buyerPage, `complex-collected${suffix}`);
  // Nothing wider than the phone.
  const wide = await buyerPage.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= buyerPage.viewportSize()!.width, `the order page is ${wide} px wide`);
  // In My orders, with neighbours.
  await buyerPage.goto('/profile/MyOrders');
  await expectVisibleText(buyerPage.getByTestId('neighbour-orders'), title);
  // The seller's listings and earnings: the sale is owed to them until an operator pays it out.
  await page.goto('/sellProduct/mine');
  await expectVisibleText(page.getByTestId('owed'), '₹250');
  await expectVisibleText(page.getByTestId('sales'), title);
  const wideList = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wideList <= page.viewportSize()!.width, `my listings are ${wideList} px wide`);
  for (const box of await page.locator('.earnings div').all()) {
    const fits = await box.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    assert.ok(fits, 'an earnings figure is cut off');
  }
  await shot(page, `complex-my-listings${suffix}`);

  // 7. Someone who is not a member sees neither the listing nor the complex's lockers.
  const outsider = await newShopper(baseUrl, 'Outside Person');
  const outsiderContext = await newMobileContext(page.context().browser()!, baseUrl, {});
  const outsiderPage = await outsiderContext.newPage();
  await signedIn(outsiderPage, outsider, '/login');
  await setLanguage(outsiderPage);
  await outsiderPage.goto(`/productDetails/${listingId}`);
  await outsiderPage.getByRole('alert').waitFor();
  assert.equal(await outsiderPage.getByTestId('listing-title').count(), 0);
  await shot(outsiderPage, `complex-outsider${suffix}`);
  const sites = await asShopper<{ sites: Array<{ id: string }> }>(
    baseUrl,
    outsider,
    'GET',
    '/locker-locations',
  );
  assert.ok(!sites.sites.some((s) => s.id === r.site), 'complex lockers are not offered to outsiders');

  await Promise.all([adminContext.close(), buyerContext.close(), outsiderContext.close()]);
}

export const complexJourneys: Journey[] = [
  journey(
    'Residents join their complex, list an item with a photo, and a neighbour buys it and collects it from the complex locker',
    async ({ page, baseUrl }) => {
      await walk({
        baseUrl,
        page,
        shot: save,
        complexId: 'sakthi-residency',
        complexWords: 'sakthi',
        site: 'sakthi-residency-lockers',
        admin: '919443215678',
        tamil: false,
        texts: {
          waiting: /Waiting for approval/,
          home: /Sakthi Residency/,
          allIn: /You pay ₹250/,
          dropPin: /Your drop PIN/,
          pickupPin: /Your pickup PIN/,
          completed: /Completed/,
        },
      });
    },
    { timeoutMs: 180_000 },
  ),
  journey(
    'The complex marketplace works in Tamil at 360 px: joining, approval, listing, buying, the locker hand-over',
    async ({ page, baseUrl }) => {
      await walk({
        baseUrl,
        page,
        shot: save,
        complexId: 'green-park-apartments',
        complexWords: 'கிரீன்',
        site: 'green-park-lockers',
        admin: '919842098765',
        tamil: true,
        texts: {
          waiting: /ஒப்புதலுக்காகக் காத்திருக்கிறது/,
          home: /கிரீன் பார்க்/,
          allIn: /₹250/,
          dropPin: /வைக்கும் PIN/,
          pickupPin: /எடுக்கும் PIN/,
          completed: /முடிந்தது/,
        },
      });
    },
    { timeoutMs: 180_000, context: { viewport: { width: 360, height: 740 } } },
  ),
];

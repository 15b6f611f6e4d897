import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { formatRupees } from '@petti/shared/rules/money';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { newMobileContext, screenshot as snap } from '../harness.ts';
import { type Journey, journey } from '../runner.ts';
import { addFromProductPage, checkout, waitForStep } from '../shop-steps.ts';
import {
  asOps,
  asShopper,
  json,
  newShopMember,
  newShopper,
  openAllDay,
  randomMobile,
  signedIn,
} from '../shopper.ts';
import { expectVisibleText, fitsThePhone, seeToast } from '../visible.ts';

/** A demo shop no other journey orders from: this one works its orders by hand. */
const SHOP = 'gokulam-dairy';
const MILK = 'gokulam-aavin-toned-milk';
const MILK_500ML = 'gokulam-aavin-toned-milk-500ml';
const CURD = 'gokulam-aavin-curd';
const CURD_1KG = 'gokulam-aavin-curd-1kg';
const CURD_500G = 'gokulam-aavin-curd-500g';

/** The demo's shop simulator leaves SHOP alone (it may have left already). */
async function simulatorOff(baseUrl: string): Promise<void> {
  const res = await asOps(baseUrl, 'DELETE', `/ops/shops/${SHOP}/members/919000000001`);
  assert.ok(res.status === 204 || res.status === 404, `removing the simulator answered ${res.status}`);
}

/** A home-delivery order from SHOP, paid through the screens; answers its id. */
async function orderMilk(
  page: Page,
  screenshot: (name: string) => Promise<string>,
  name: string,
  withCurd = false,
  notes?: string,
) {
  await addFromProductPage(page, MILK, MILK_500ML, 2);
  if (withCurd) await addFromProductPage(page, CURD, CURD_1KG, 1);
  await page.goto('/MyCart');
  await page.getByTestId('delivery-home').click();
  await page.locator('[data-testid^="address-option-"]').first().click();
  return checkout(page, screenshot, name, notes);
}

/**
 * The dairy open, worked by hand: a staff member, and a shopper a few streets away who orders milk
 * home through the screens; answers the staff member, the order and the staff member's own phone.
 */
async function dairyOrderBy(
  browser: Browser,
  page: Page,
  baseUrl: string,
  screenshot: (name: string) => Promise<string>,
  who: { staff: string; shopper: string; street: string; shot: string },
) {
  await openAllDay(baseUrl, SHOP);
  await simulatorOff(baseUrl);
  const staff = await newShopMember(baseUrl, SHOP, who.staff);
  const shopper = await newShopper(baseUrl, who.shopper);
  await asShopper(baseUrl, shopper, 'POST', '/addresses', {
    label: 'Home',
    line1: who.street,
    // A few streets from the dairy: inside its 3 km range by road.
    lat: 9.469,
    lng: 77.804,
  });
  await signedIn(page, shopper, '/dashboard');
  const orderId = await orderMilk(page, screenshot, who.shot);
  const staffContext = await newMobileContext(browser, baseUrl);
  const board = await staffContext.newPage();
  return { staff, orderId, board, staffContext };
}

export const shopJourneys: Journey[] = [
  journey(
    'An operator approves a new shop, its owner adds staff, and staff work an order live while the shopper watches',
    async ({ browser, page, baseUrl, screenshot }) => {
      // Someone applies to sell; an operator (named by the ops token) approves on their own screen.
      const applicantMobile = randomMobile();
      const applied = await json<{ id: string }>(
        await fetch(`${baseUrl}/api/seller-applications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            brandName: 'Kaveri Provisions',
            ownerName: 'Kaveri Ammal',
            phone: applicantMobile,
            categoryId: 'grocery',
            address: '14 Car Street, Sivakasi',
            modes: ['home', 'curbside'],
          }),
        }),
        'POST /api/seller-applications',
      );
      const operator = await newShopper(baseUrl, 'Operator Priya');
      const me = await asShopper<{ phone: string }>(baseUrl, operator, 'GET', '/me');
      assert.equal((await asOps(baseUrl, 'POST', '/ops/operators', { phone: me.phone })).status, 204);
      await signedIn(page, operator, '/profile');
      await page.getByRole('link', { name: /New shops/ }).click();
      const card = page.getByTestId(`application-${applied.id}`);
      await expectVisibleText(card, 'Kaveri Provisions');
      await screenshot('operator-applications');
      // Where it is and when it opens are on the card; approving asks once, saying what follows.
      await expectVisibleText(card, 'No pin: the shop starts at the town centre');
      await card.getByTestId('approve').click();
      const ask = page.locator('dialog.dialog');
      await expectVisibleText(ask, 'Approve Kaveri Provisions?');
      await expectVisibleText(ask, 'who is told by SMS');
      await fitsThePhone(page, 'the approval question');
      await screenshot('operator-approve-confirm');
      await ask.getByRole('button', { name: 'Approve' }).click();
      await seeToast(page, 'is on Petti');
      // The applicant has an SMS saying the shop is theirs and how to open it (sent once the approval
      // has committed, by the timer worker).
      for (let tries = 0; ; tries++) {
        const sent = await json<{ messages: Array<{ body: string }> }>(
          await fetch(`${baseUrl}/api/dev/outbox?phone=91${applicantMobile}`),
          'GET /api/dev/outbox',
        );
        if (sent.messages.some((m) => m.body.includes('Kaveri Provisions is approved on Petti'))) break;
        assert.ok(tries < 40, 'the applicant was not texted');
        await new Promise((r) => setTimeout(r, 250));
      }
      const newShopId = (
        await json<{ applications: Array<{ id: string; shopId: string }> }>(
          await asOps(baseUrl, 'GET', '/ops/seller-applications?status=approved'),
          'GET /api/ops/seller-applications',
        )
      ).applications.find((a) => a.id === applied.id)!.shopId;

      // The applicant signs up with the number they applied with: the shop is theirs. They add a
      // staff member who has no account yet.
      const owner = await newShopper(baseUrl, 'Kaveri Ammal', applicantMobile);
      const ownerContext = await newMobileContext(browser, baseUrl);
      const ownerPage = await ownerContext.newPage();
      await signedIn(ownerPage, owner, '/profile');
      await ownerPage.getByRole('link', { name: /My shop/ }).click();
      await ownerPage.waitForURL((url) => /^\/shop\/kaveri-provisions-/.test(url.pathname));
      await expectVisibleText(
        ownerPage.getByTestId('page-shopBoard').getByRole('heading', { level: 1 }),
        'Orders',
      );
      await expectVisibleText(ownerPage.locator('.shop-bar__title'), 'Kaveri Provisions');
      // A new shop's board says what to do first: products, hours, the bank account.
      await expectVisibleText(ownerPage.getByTestId('first-step-products'), 'Add your products');
      await expectVisibleText(ownerPage.getByTestId('first-step-hours'), '09:00–21:00');
      await expectVisibleText(ownerPage.getByTestId('first-step-bank'), 'Link your bank account');
      await fitsThePhone(ownerPage, "a new shop's first steps");
      await snap(ownerPage, 'shop-first-steps');
      // It chose home delivery and curbside, not grab-and-go: no exit passes to check.
      await ownerPage.getByRole('link', { name: 'People' }).waitFor();
      assert.equal(
        await ownerPage.getByRole('link', { name: 'Exit passes' }).count(),
        0,
        'no exit passes tab',
      );
      await ownerPage.getByRole('link', { name: 'People' }).click();
      // The owner sets the hours the shop keeps, from its settings.
      await ownerPage.getByTestId('shop-settings-link').click();
      await ownerPage.getByTestId('hours-open').fill('07:30');
      await ownerPage.getByTestId('hours-close').fill('21:30');
      await ownerPage.getByTestId('settings-save').click();
      await seeToast(ownerPage, 'Saved: shoppers see the new settings now.');
      await ownerPage.getByRole('link', { name: 'People' }).click();
      const staffMobile = randomMobile();
      await ownerPage.getByTestId('member-phone').fill(staffMobile);
      await ownerPage.getByTestId('add-member').click();
      await expectVisibleText(ownerPage.getByTestId('shop-people'), 'Not on Petti yet');
      await fitsThePhone(ownerPage, 'the people page');
      await snap(ownerPage, 'shop-people');
      // The staff member signs up and finds the shop.
      const staffOfNew = await newShopper(baseUrl, 'Ravi Staff', staffMobile);
      const mine = await asShopper<{ shops: Array<{ role: string }> }>(
        baseUrl,
        staffOfNew,
        'GET',
        '/shops/mine',
      );
      assert.deepEqual(
        mine.shops.map((s) => s.role),
        ['staff'],
      );
      await ownerContext.close();
      // A shop with no shelf and no Tamil name yet is not for shoppers: the operator switches it off
      // until it has them (the other journeys' shop lists stay the demo's).
      assert.equal(
        (await asOps(baseUrl, 'PUT', `/ops/shops/${newShopId}/active`, { active: false })).status,
        200,
      );

      // A shop with a shelf (the new one has none yet): its owner takes the simulator off so staff work
      // the orders by hand.
      await openAllDay(baseUrl, SHOP);
      const gokulOwner = await newShopMember(baseUrl, SHOP, 'Gokul Owner', 'owner');
      const gokulOwnerContext = await newMobileContext(browser, baseUrl);
      const gokulPage = await gokulOwnerContext.newPage();
      await signedIn(gokulPage, gokulOwner, `/shop/${SHOP}/people`);
      await gokulPage.getByTestId('remove-919000000001').click();
      await gokulPage.getByRole('button', { name: 'Remove' }).last().click();
      await seeToast(gokulPage, 'Removed');
      await gokulOwnerContext.close();

      const staff = await newShopMember(baseUrl, SHOP, 'Meena Staff');
      const staffContext = await newMobileContext(browser, baseUrl);
      const board = await staffContext.newPage();
      await signedIn(board, staff, '/shop');
      await board.waitForURL((url) => url.pathname === `/shop/${SHOP}`);
      await board.getByTestId('enable-bell').click();
      await expectVisibleText(board.getByText('No new orders'));

      // The shopper orders; the board rings (a toast says so) and lists it with what to deliver where.
      const shopper = await newShopper(baseUrl, 'Lakshmi Devi');
      await asShopper(baseUrl, shopper, 'POST', '/addresses', {
        label: 'Home',
        line1: '7 Paraipatti Street',
        // A few streets from the dairy: inside its 3 km range by road.
        lat: 9.469,
        lng: 77.804,
      });
      await signedIn(page, shopper, '/dashboard');
      const orderId = await orderMilk(page, screenshot, 'shop-milk', true, 'Ring the bell twice');
      await expectVisibleText(page.getByTestId('order-notes'), 'Ring the bell twice');
      const card2 = board.getByTestId(`shop-order-${orderId}`);
      await expectVisibleText(card2, 'Paraipatti Street');
      await expectVisibleText(card2.getByTestId('shop-order-notes'), 'Ring the bell twice');
      await expectVisibleText(card2, '2 ×');
      await seeToast(board, 'new order');
      await fitsThePhone(board, 'the order board');
      await snap(board, 'shop-board-new');

      // Accepted with a preparation time: the shopper sees it live, with when it will be ready.
      await card2.locator('select').first().selectOption('20');
      await card2.getByTestId('accept').click();
      await waitForStep(page, 'accepted');
      await expectVisibleText(page.getByTestId('order-ready-by'), 'ready by');
      await board.getByTestId('lane-active').click();

      // One bottle of milk is not there: marked so, and the shopper sees the refund live.
      const working = board.getByTestId(`shop-order-${orderId}`);
      await working.getByTestId(`not-there-${MILK_500ML}`).click();
      await working.getByTestId(`item-problem-${MILK_500ML}`).locator('select').selectOption('1');
      await working.getByTestId('mark-unavailable').click();
      await seeToast(board, 'Marked unavailable');
      await expectVisibleText(page.getByTestId(`missing-${MILK_500ML}`), '1 not available');
      // No 1 kg curd: the 500 g pack offered instead; the shopper accepts it in the app.
      await working.getByTestId(`not-there-${CURD_1KG}`).click();
      await working.getByTestId('substitute-search').fill('curd');
      await working.getByTestId(`offer-${CURD_500G}`).click();
      await seeToast(board, 'Offered');
      await expectVisibleText(page.getByTestId('substitution-offers'), 'Aavin Curd');
      await screenshot('shop-substitute-offered-shopper');
      await page.getByTestId('accept-substitute').click();
      await expectVisibleText(working.getByTestId('sub-accepted'), 'Buyer took');
      await snap(board, 'shop-board-substitute-accepted');
      await board.getByTestId(`shop-order-${orderId}`).getByTestId('step-pack').click();
      await waitForStep(page, 'packed');
      await board.getByTestId(`shop-order-${orderId}`).getByTestId('step-dispatch').click();
      await waitForStep(page, 'out_for_delivery');
      await expectVisibleText(board.getByTestId(`shop-order-${orderId}`), 'Meena Staff');
      await snap(board, 'shop-board-active');
      // At the door: the shopper's code is on their phone; a mistyped one is refused and said so, then
      // the rider hands over with a photo instead.
      await expectVisibleText(page.getByTestId('delivery-code'), 'Your delivery code');
      const code = (await page.locator('.delivery-code__digits').innerText()).trim();
      const atDoor = board.getByTestId(`shop-order-${orderId}`);
      await atDoor.getByTestId('delivery-code').fill(code === '0000' ? '1111' : '0000');
      await atDoor.getByTestId('step-deliver').click();
      await seeToast(board, 'not the buyer’s delivery code');
      await snap(board, 'shop-handover');
      await atDoor.getByTestId('proof-photo').setInputFiles({
        name: 'door.png',
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 320, height: 240, channels: 3, background: '#b4783c' } })
          .png()
          .toBuffer(),
      });
      // Looked at first: a retake, then the photo that counts.
      const preview = atDoor.getByTestId('proof-preview');
      await expectVisibleText(preview, 'Does the photo show the hand-over?');
      await atDoor.getByTestId('proof-retake').setInputFiles({
        name: 'door-again.png',
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3c78b4' } })
          .png()
          .toBuffer(),
      });
      await fitsThePhone(board, 'the proof photo preview');
      await snap(board, 'shop-proof-preview');
      await preview.getByTestId('proof-confirm').click();
      await waitForStep(page, 'delivered');
      await expectVisibleText(page.getByTestId('proof-photo'), 'Photo taken at your door');
      await screenshot('shop-order-delivered-shopper');
      // The shop's bill for what it supplied (the dairy has no GSTIN: a bill of supply), the missing
      // milk left out, printable.
      const invoice = page.getByTestId('order-invoice');
      await expectVisibleText(invoice.getByRole('heading'), 'Bill of supply');
      await expectVisibleText(invoice.getByTestId('invoice-print'), 'Print or save as PDF');
      await invoice.scrollIntoViewIfNeeded();
      await screenshot('shop-order-invoice');
      await page.emulateMedia({ media: 'print' });
      await expectVisibleText(invoice.getByRole('heading'), 'Bill of supply');
      assert.equal(await invoice.getByTestId('invoice-print').isVisible(), false, 'no print button on paper');
      await page.emulateMedia({ media: null });
      await board.getByTestId('lane-done').click();
      await board.getByTestId(`shop-order-${orderId}`).waitFor();
      await staffContext.close();

      // The dairy's owner reads the day's money: this order as the shopper paid for it, the refund for
      // the missing milk, and the day adding up; the CSV opens with the same order in it.
      const bought = await asShopper<{ price: { totalPaise: number }; refundedPaise: number }>(
        baseUrl,
        shopper,
        'GET',
        `/orders/${orderId}`,
      );
      assert.ok(bought.refundedPaise > 0, 'the missing milk was refunded');
      const dairyOwner = await newShopMember(baseUrl, SHOP, 'Gokulam Owner', 'owner');
      const ownerOfDairy = await newMobileContext(browser, baseUrl, { acceptDownloads: true });
      const money = await ownerOfDairy.newPage();
      await signedIn(money, dairyOwner, `/shop/${SHOP}/money`);
      const row = money.getByTestId(`money-order-${orderId}`);
      await expectVisibleText(row, formatRupees(bought.price.totalPaise));
      await expectVisibleText(row, `${formatRupees(bought.refundedPaise)} refunded`);
      const amount = async (id: string) =>
        Number((await money.getByTestId(id).innerText()).replace(/[^\d.]/g, ''));
      const [paid = 0, refunded = 0, fees = 0, owed = 0] = await Promise.all(
        ['money-paid', 'money-refunded', 'money-fees', 'money-owed'].map(amount),
      );
      assert.ok(Math.abs(paid - refunded - fees - owed) < 0.005, `${paid} − ${refunded} − ${fees} ≠ ${owed}`);
      await fitsThePhone(money, 'the money screen');
      await snap(money, 'shop-money');
      const [download] = await Promise.all([
        money.waitForEvent('download'),
        money.getByTestId('money-csv').click(),
      ]);
      const csv = await readFile((await download.path())!, 'utf8');
      assert.match(csv, /^date,time,order,delivery,state,paid_inr,refunded_inr,petti_fees_inr,owed_inr\r\n/);
      assert.ok(csv.includes(`,${orderId},home,delivered,${(bought.price.totalPaise / 100).toFixed(2)},`));

      // Paid into the bank: the order waits until the owner links an account; a wrong IFSC is said so
      // in words and nothing is linked; the right one links it and the order's share is sent.
      await expectVisibleText(row.getByTestId(`money-payout-${orderId}`), 'waiting to be sent');
      await money.getByTestId('payout-beneficiaryName').fill('Gokulam Dairy');
      await money.getByTestId('payout-accountNumber').fill('3012 4455 6677');
      await money.getByTestId('payout-ifsc').fill('SBIN1234567');
      await money.getByTestId('payout-email').fill('gokulam@example.in');
      await money.getByTestId('payout-save').click();
      await expectVisibleText(money.getByTestId('payouts'), 'That is not a valid IFSC');
      await money.getByTestId('payout-ifsc').fill('sbin0001234');
      await money.getByTestId('payout-save').click();
      await seeToast(money, 'Your bank account is linked.');
      await expectVisibleText(money.getByTestId('payout-account'), 'ending 6677 (SBIN0001234)');
      const owedHere = (bought.price.totalPaise - bought.refundedPaise) / 100;
      for (let tries = 0; ; tries++) {
        await money.reload();
        const line = await money.getByTestId(`money-payout-${orderId}`).innerText();
        if (/^sent ₹/.test(line)) break;
        assert.ok(tries < 20, `the order's share was not sent: ${line}`);
        await new Promise((r) => setTimeout(r, 500));
      }
      const sentHere = Number(
        (await money.getByTestId(`money-payout-${orderId}`).innerText())
          .replace(/^sent ₹([\d,.]+).*$/, '$1')
          .replace(/,/g, ''),
      );
      // All that the order earned the shop, as the money screen says it is owed.
      const owedRow = Number((/owed ₹([\d,.]+)/.exec(await row.innerText())?.[1] ?? '').replace(/,/g, ''));
      assert.ok(
        sentHere > 0 && sentHere === owedRow && sentHere <= owedHere,
        `sent ${sentHere}, owed ${owedRow}`,
      );
      await money.getByTestId('payouts').scrollIntoViewIfNeeded();
      await fitsThePhone(money, 'the money screen with payouts');
      await snap(money, 'shop-payouts');
      await ownerOfDairy.close();
    },
    { timeoutMs: 180_000 },
  ),

  journey(
    'Shop staff work the order board in Tamil on a 360 px phone',
    async ({ browser, page, baseUrl, screenshot }) => {
      const { staff, orderId, board, staffContext } = await dairyOrderBy(browser, page, baseUrl, screenshot, {
        staff: 'Murugesan',
        shopper: 'Kavitha',
        street: '3 Thiruthangal Road',
        shot: 'shop-milk-ta',
      });
      // The board in English; its own top bar switches it to Tamil at 360 px, no trip to Settings.
      await signedIn(board, staff, `/shop/${SHOP}`);
      const toggle = board.getByTestId('language-toggle');
      await expectVisibleText(toggle, 'தமிழ்');
      await toggle.click();
      await expectVisibleText(toggle, 'EN');
      await expectVisibleText(
        board.getByTestId('page-shopBoard').getByRole('heading', { level: 1 }),
        'ஆர்டர்கள்',
      );
      const card = board.getByTestId(`shop-order-${orderId}`);
      await expectVisibleText(card, 'வீட்டு டெலிவரி');
      await expectVisibleText(card.getByTestId('accept'), 'ஏற்கவும்');
      await fitsThePhone(board, 'the Tamil order board');
      await snap(board, 'shop-board-new-ta');
      await card.getByTestId('accept').click();
      await seeToast(board, 'ஏற்கப்பட்டது');
      await board.getByTestId('lane-active').click();
      await board.getByTestId(`shop-order-${orderId}`).getByTestId('step-pack').waitFor();
      await fitsThePhone(board, 'the Tamil active lane');
      await snap(board, 'shop-board-active-ta');
      await board.goto(`/shop/${SHOP}/people`);
      await expectVisibleText(board.getByTestId('shop-people'), 'பணியாளர்');
      await fitsThePhone(board, 'the Tamil people page');
      await snap(board, 'shop-people-ta');
      await staffContext.close();
    },
    { timeoutMs: 120_000 },
  ),

  journey(
    'A shop turns an order down and the shopper reads why, in English and in Tamil',
    async ({ browser, page, baseUrl, screenshot }) => {
      const { staff, orderId, board, staffContext } = await dairyOrderBy(browser, page, baseUrl, screenshot, {
        staff: 'Selvi Staff',
        shopper: 'Anitha',
        street: '9 Velayutham Road',
        shot: 'shop-milk-turned-down',
      });
      await signedIn(board, staff, `/shop/${SHOP}`);
      const card = board.getByTestId(`shop-order-${orderId}`);
      await card.getByTestId('reject').click();
      await card.locator('fieldset select').selectOption('too_busy');
      await card.getByTestId('reject-confirm').click();
      await seeToast(board, 'Order turned down');
      await staffContext.close();

      // The shopper's order page says it was the shop, and why, not only "Cancelled".
      await expectVisibleText(page.getByTestId('order-end'), 'The shop turned this order down');
      await expectVisibleText(page.getByTestId('order-end'), 'the shop is too busy right now');
      // The refund, once the provider has it, is said as done, as the payment history says it.
      await expectVisibleText(page.getByTestId('order-refund'), /^₹[\d,.]+ refunded to the way you paid\./);
      await fitsThePhone(page, 'the turned-down order');
      await screenshot('order-turned-down');
      await page.evaluate(() => localStorage.setItem('language', 'ta'));
      await page.reload();
      await expectVisibleText(page.getByTestId('order-end'), 'கடையில் இப்போது மிகுந்த வேலை');
      await fitsThePhone(page, 'the turned-down order in Tamil');
      await screenshot('order-turned-down-ta');
    },
    { timeoutMs: 120_000 },
  ),
];

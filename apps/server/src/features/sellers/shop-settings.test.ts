import { gstinCheckChar } from '@petti/shared/rules/gstin';
import { townDateTime } from '@petti/shared/rules/town-time';
import type { Order } from '@petti/shared/schemas/orders';
import type { ShopSettings, ShopSettingsBody } from '@petti/shared/schemas/shop-settings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Shopper, shopper } from '../../test/locker-helpers.ts';
import { addAddress, line, placed, placeOrder } from '../../test/order-helpers.ts';
import { shopMember } from '../../test/shop-helpers.ts';

// Friday 20 November 2026, 10:00 in Sivakasi.
const FRIDAY_10AM = '2026-11-20T04:30:00.000Z';
const SHOP = 'sri-murugan-stores';
const RICE = 'murugan-ponni-raw-rice-10kg';
const GSTIN = `33ABCDE1234F1Z${gstinCheckChar('33ABCDE1234F1Z')}`;

let t: TestApp;
let owner: Shopper;
let staff: Shopper;
let stranger: Shopper;
let buyer: Shopper;
let address: string;
let usual: ShopSettings;

beforeAll(async () => {
  t = await buildTestApp({ now: FRIDAY_10AM });
  owner = await shopMember(t, SHOP, 'owner');
  staff = await shopMember(t, SHOP, 'staff');
  stranger = await shopMember(t, 'iyyappa-bakery', 'owner');
  buyer = await shopper(t);
  address = await addAddress(t, buyer.userId, { lat: 9.456, lng: 77.8 });
  usual = (await owner.call('GET', `/api/shops/${SHOP}/settings`)).json();
}, 60_000);
afterAll(async () => {
  for (const s of [owner, staff, stranger, buyer]) await s?.stop();
  await t?.close();
});
beforeEach(async () => {
  t.clock.set(FRIDAY_10AM);
  const back = await owner.call('PUT', `/api/shops/${SHOP}/settings`, bodyOf(usual));
  expect(back.statusCode, back.body).toBe(200);
});

function bodyOf(s: ShopSettings, over: Partial<ShopSettingsBody> = {}): ShopSettingsBody {
  const { hours, week, closedDates, modes, rangeKm, gstin, fssai } = s;
  return { hours, week, closedDates, modes, rangeKm, gstin, fssai, ...over };
}
const put = (who: Shopper, body: object) => who.call('PUT', `/api/shops/${SHOP}/settings`, body);
const validate = async () => buyer.call('POST', '/api/cart/validate', { items: [await line(t, RICE, 1)] });
const seller = async () => (await t.app.inject({ url: `/api/sellers/${SHOP}` })).json().seller;
const order = async (extra: object = {}) =>
  placeOrder(buyer, {
    sellerId: SHOP,
    items: [await line(t, RICE, 1)],
    deliveryType: 'home',
    addressId: address,
    ...extra,
  });

describe("a shop's settings", () => {
  it('members read them; only the owner changes them; another shop can do neither', async () => {
    expect(usual).toMatchObject({
      hours: { open: expect.any(String) },
      week: null,
      closedDates: [],
      openNow: true,
    });
    expect((await staff.call('GET', `/api/shops/${SHOP}/settings`)).statusCode).toBe(200);
    const byStaff = await put(staff, bodyOf(usual, { rangeKm: 9 }));
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().error.code).toBe('ShopOwnerOnly');
    expect((await put(stranger, bodyOf(usual, { rangeKm: 9 }))).statusCode).toBe(403);
    expect((await stranger.call('PUT', `/api/shops/${SHOP}/closed-today`, { closed: true })).statusCode).toBe(
      403,
    );
    expect((await seller()).sellerRange.dis).toBe(usual.rangeKm);
  });

  it('"closed today": shoppers see it shut, the cart says when it opens, and an order for then waits for it', async () => {
    const shut = await owner.call('PUT', `/api/shops/${SHOP}/closed-today`, { closed: true });
    expect(shut.statusCode, shut.body).toBe(200);
    expect(shut.json()).toMatchObject({ closedToday: true, openNow: false, closedDates: ['2026-11-20'] });
    const opens = shut.json().nextOpensAt as string;
    // Tomorrow at its usual opening.
    expect(opens.slice(0, 10)).toBe('2026-11-21');
    expect(await seller()).toMatchObject({ openNow: false, closedToday: true, nextOpensAt: opens });

    const refused = await validate();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SellerClosed');
    // Said as the owner's own screens say it (rules/town-time.ts).
    expect(refused.json().error.message).toContain(`It opens at ${townDateTime(opens, 'en')}.`);
    const now = await order();
    expect(now.json().error.code).toBe('SellerClosed');
    const later = await order({ whenShopOpens: true });
    expect(later.statusCode, later.body).toBe(201);
    expect((later.json() as Order).scheduledFor).toBe(opens);

    const open = await owner.call('PUT', `/api/shops/${SHOP}/closed-today`, { closed: false });
    expect(open.json()).toMatchObject({ closedToday: false, openNow: true, nextOpensAt: null });
    expect((await validate()).statusCode).toBe(200);
  });

  it('hours per weekday and holidays ahead are obeyed by cart and orders; past holidays are dropped', async () => {
    const day = { open: '09:00', close: '20:00' };
    const saved = await put(
      owner,
      bodyOf(usual, {
        // Sunday shut, Saturday short, the rest 09:00–20:00.
        week: [null, day, day, day, day, day, { open: '10:00', close: '13:00' }],
        closedDates: ['2026-11-10', '2026-11-23'],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().closedDates).toEqual(['2026-11-23']);
    expect((await validate()).statusCode).toBe(200);
    // Saturday 13:30: shut since 13:00; Sunday and Monday (a holiday) shut: it opens Tuesday.
    t.clock.set('2026-11-21T08:00:00.000Z');
    const saturday = await validate();
    expect(saturday.json().error.code).toBe('SellerClosed');
    expect(saturday.json().error.message).toContain('It opens at 24 Nov, 9:00 am.');
    t.clock.set('2026-11-22T06:30:00.000Z');
    expect((await seller()).closedToday).toBe(true);
  });

  it('modes and range: a way it no longer offers is refused', async () => {
    const saved = await put(owner, bodyOf(usual, { modes: ['curbside', 'grab'] }));
    expect(saved.json().modes).toEqual(['curbside', 'grab']);
    const home = await order();
    expect(home.json().error.code).toBe('DeliveryTypeNotOffered');
  });

  it('refuses a wrong GSTIN, an FSSAI number of the wrong length and a day closing before it opens; nothing changes', async () => {
    const cases: Array<[Partial<ShopSettingsBody>, string]> = [
      [{ gstin: '33ABCDE1234F1ZZ' }, 'GstinInvalid'],
      [{ gstin: 'not a gstin' }, 'GstinInvalid'],
      [{ fssai: '1234' }, 'FssaiInvalid'],
      [{ hours: { open: '21:00', close: '09:00' } }, 'ShopHoursInvalid'],
    ];
    for (const [over, code] of cases) {
      const res = await put(owner, bodyOf(usual, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().error.code).toBe(code);
    }
    const badShape = await put(owner, bodyOf(usual, { modes: [] }));
    expect(badShape.statusCode).toBe(400);
    for (const day of ['2026-13-45', '2027-02-29', '2026-11-31']) {
      const noSuchDay = await put(owner, bodyOf(usual, { closedDates: [day] }));
      expect(noSuchDay.statusCode, day).toBe(400);
      expect(noSuchDay.json().error.code).toBe('Validation');
    }
    expect((await owner.call('GET', `/api/shops/${SHOP}/settings`)).json()).toEqual(usual);

    const good = await put(owner, bodyOf(usual, { gstin: GSTIN.toLowerCase(), fssai: '1241 6012 0001 23' }));
    expect(good.json()).toMatchObject({ gstin: GSTIN, fssai: '12416012000123' });
    expect(await seller()).toMatchObject({ gstin: GSTIN, fssai: '12416012000123' });
    // The shopper's order carries what its tax invoice needs: the GSTIN and each line's rate.
    const bought = await placed(buyer, {
      sellerId: SHOP,
      items: [await line(t, RICE, 2)],
      deliveryType: 'home',
      addressId: address,
    });
    expect(bought.seller).toMatchObject({ gstin: GSTIN, fssai: '12416012000123' });
    expect(bought.items[0]).toMatchObject({ taxPercent: 5, quantity: 2 });
  });
});

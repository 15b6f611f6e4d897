import { ERRORS_TA, type ErrorCode } from '@petti/shared';
import { EVENTS, TOPICS } from '@petti/shared/events';
import type { Product } from '@petti/shared/schemas/catalog';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Shopper, shopper, until } from '../../test/locker-helpers.ts';
import { addAddress, line, placed, placeOrder } from '../../test/order-helpers.ts';
import { shopMember } from '../../test/shop-helpers.ts';

// 04:30 UTC = 10:00 in Sivakasi: the demo shops are open.
const SHOP = 'sri-murugan-stores';
const OTHER = 'iyyappa-bakery';
const RICE = 'murugan-ponni-raw-rice-10kg'; // ₹640 (MRP ₹700), barcode 8906229879859
const RICE_5 = 'murugan-ponni-raw-rice-5kg'; // barcode 8905742600643
/** A true EAN-13 no demo pack carries. */
const NEW_CODE = '8901063010536';

let t: TestApp;
let staff: Shopper;
let owner: Shopper;
let stranger: Shopper;
let buyer: Shopper;

beforeAll(async () => {
  t = await buildTestApp({ now: '2026-11-20T04:30:00.000Z' });
  staff = await shopMember(t, SHOP, 'staff');
  owner = await shopMember(t, SHOP, 'owner');
  stranger = await shopMember(t, OTHER, 'owner');
  buyer = await shopper(t);
}, 60_000);
afterAll(async () => {
  for (const s of [staff, owner, stranger, buyer]) await s?.stop();
  await t?.close();
});

const change = (who: Shopper, vrntId: string, body: object, shop = SHOP) =>
  who.call('PATCH', `/api/shops/${shop}/variants/${vrntId}`, body);
const packOf = (p: Product, vrntId: string) => p.variants.find((v) => v.vrntId === vrntId)!;
const validate = (items: object[]) => buyer.call('POST', '/api/cart/validate', { items });

const newProduct = (over: object = {}) => ({
  name: { en: 'Aachi Sambar Powder', ta: 'ஆச்சி சாம்பார் பொடி' },
  categoryId: 'grocery',
  packs: [
    {
      unit: 'g',
      unitValue: 200,
      pricePaise: 8500,
      mrpPaise: 9000,
      inventory: 12,
      taxPercent: 5,
      barcode: NEW_CODE,
    },
  ],
  ...over,
});

describe("a shop's catalogue from its app", () => {
  it('finds its own products by name or by a pack’s barcode; nobody else may look', async () => {
    const byName = await staff.call('GET', `/api/shops/${SHOP}/products?q=ponni`);
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().products.map((p: Product) => p.id)).toContain('murugan-ponni-raw-rice');
    expect(byName.json().products.every((p: Product) => p.sellerId === SHOP)).toBe(true);
    const byCode = await staff.call('GET', `/api/shops/${SHOP}/products?barcode=890 6229 879859`);
    expect(byCode.json().products.map((p: Product) => p.id)).toEqual(['murugan-ponni-raw-rice']);
    // Another shop's barcode is not found in this one.
    const theirs = await stranger.call('GET', `/api/shops/${OTHER}/products?barcode=8906229879859`);
    expect(theirs.json().products).toEqual([]);
    for (const who of [stranger, buyer]) {
      const refused = await who.call('GET', `/api/shops/${SHOP}/products?q=ponni`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('NotShopMember');
    }
  });

  it("a new price reaches a shopper's cart as PaymentUpdatedException", async () => {
    expect((await validate([await line(t, RICE, 1)])).statusCode).toBe(200);
    const res = await change(staff, RICE, { pricePaise: 62500 });
    expect(res.statusCode, res.body).toBe(200);
    expect(packOf(res.json().product, RICE)).toMatchObject({
      pricePaise: 62500,
      productPrice: 625,
      mrpPaise: 70000,
    });
    const stale = await validate([{ vrntId: RICE, quantity: 1, productPrice: 640 }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'PaymentUpdatedException' });
    expect(stale.json().error.items[0]).toMatchObject({ vrntId: RICE, productPrice: 625 });
    // An order with the old price is refused the same way.
    const address = await addAddress(t, buyer.userId, { lat: 9.456, lng: 77.8 });
    const order = await placeOrder(buyer, {
      sellerId: SHOP,
      items: [{ vrntId: RICE, quantity: 1, productPrice: 640 }],
      deliveryType: 'home',
      addressId: address,
    });
    expect(order.json().error.code).toBe('PaymentUpdatedException');
    expect((await change(staff, RICE, { pricePaise: 64000 })).statusCode).toBe(200);
  });

  it('refuses a price of zero or above the MRP, stock below zero, a wrong check digit; nothing changes', async () => {
    const cases: Array<[object, number, string]> = [
      [{ pricePaise: 0 }, 422, 'PriceNotPositive'],
      [{ pricePaise: 70001 }, 422, 'PriceAboveMrp'],
      // A lower MRP is judged against the price already there.
      [{ mrpPaise: 60000 }, 422, 'PriceAboveMrp'],
      [{ pricePaise: 50_000_000, mrpPaise: 50_000_000 }, 422, 'PriceTooHigh'],
      [{ inventory: -1 }, 422, 'StockNegative'],
      [{ barcode: '8906229879858' }, 422, 'BarcodeInvalid'],
      // The 5 kg pack's code on the 10 kg pack: one code, one pack, in a shop.
      [{ barcode: '8905742600643' }, 409, 'BarcodeTaken'],
      [{}, 400, 'Validation'],
    ];
    const before = packOf(
      (await staff.call('GET', `/api/shops/${SHOP}/products?q=ponni`)).json().products[0],
      RICE,
    );
    for (const [body, status, code] of cases) {
      const res = await change(staff, RICE, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message.length).toBeGreaterThan(10);
    }
    // Each has its sentence in Tamil too, which the app shows by the code.
    for (const [, , code] of cases) expect(ERRORS_TA[code as ErrorCode]).toMatch(/[\u0B80-\u0BFF]/);
    const after = packOf(
      (await staff.call('GET', `/api/shops/${SHOP}/products?q=ponni`)).json().products[0],
      RICE,
    );
    expect(after).toEqual(before);
  });

  it('marks a pack out of stock and always in stock; the cart sees each', async () => {
    const out = await change(staff, RICE_5, { inventory: 0, alwaysInventory: false });
    expect(packOf(out.json().product, RICE_5)).toMatchObject({ inventory: 0, alwaysInventory: false });
    const short = await validate([await line(t, RICE_5, 1)]);
    expect(short.json().ok).toBe(false);
    expect(short.json().items[0]).toMatchObject({ vrntId: RICE_5, status: 'BAD', reason: 'outOfStock' });
    const always = await change(staff, RICE_5, { alwaysInventory: true });
    expect(packOf(always.json().product, RICE_5).alwaysInventory).toBe(true);
    expect((await validate([await line(t, RICE_5, 1)])).json().ok).toBe(true);
    await change(staff, RICE_5, { inventory: 3, alwaysInventory: false });
  });

  it("a member of another shop can change nothing in this one, and this shop's packs are not found from theirs", async () => {
    expect((await change(stranger, RICE, { pricePaise: 100 })).statusCode).toBe(403);
    const fromTheirs = await change(stranger, RICE, { pricePaise: 100 }, OTHER);
    expect(fromTheirs.statusCode).toBe(404);
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    for (const shop of [SHOP, OTHER]) {
      const theirPhoto = await t.app.inject({
        method: 'POST',
        url: `/api/shops/${shop}/products/murugan-ponni-raw-rice/photo`,
        headers: { ...stranger.headers, 'content-type': 'image/png' },
        payload: image,
      });
      expect(theirPhoto.statusCode).toBe(shop === SHOP ? 403 : 404);
    }
    const rice = (await t.app.inject({ url: '/api/products/murugan-ponni-raw-rice' })).json()
      .product as Product;
    expect(packOf(rice, RICE).pricePaise).toBe(64000);
    expect(rice.photo).toBeNull();
  });

  it('adds a product with Tamil and English names and a scanned barcode; shoppers find it; the code is then taken', async () => {
    const res = await staff.call('POST', `/api/shops/${SHOP}/products`, newProduct());
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json().product as Product;
    expect(product).toMatchObject({
      sellerId: SHOP,
      name: { en: 'Aachi Sambar Powder', ta: 'ஆச்சி சாம்பார் பொடி' },
      hazardous: false,
      photo: null,
    });
    expect(product.variants[0]).toMatchObject({
      unit: 'g',
      unitValue: 200,
      pricePaise: 8500,
      barcode: NEW_CODE,
      inventory: 12,
    });
    const found = await t.app.inject({ url: `/api/products?sellerId=${SHOP}&q=sambar` });
    expect(found.json().products.map((p: Product) => p.id)).toContain(product.id);
    // Grab-and-go finds it by its code.
    const scanned = await t.app.inject({ url: `/api/products?sellerId=${SHOP}&barcode=${NEW_CODE}` });
    expect(scanned.json().products.map((p: Product) => p.id)).toEqual([product.id]);
    expect((await validate([await line(t, product.variants[0]!.vrntId, 2)])).statusCode).toBe(200);

    // The same code again, on a new product or a new pack, is refused and adds nothing.
    const twice = await staff.call(
      'POST',
      `/api/shops/${SHOP}/products`,
      newProduct({ name: { en: 'Other', ta: 'வேறு' } }),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('BarcodeTaken');
    const other = await t.app.inject({ url: `/api/products?sellerId=${SHOP}&q=Other` });
    expect(other.json().products).toEqual([]);
    // Another shop may sell the same pack under the same code.
    const elsewhere = await stranger.call('POST', `/api/shops/${OTHER}/products`, newProduct());
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);

    // A second pack of the product; a pack above its MRP is refused.
    const pack = await staff.call('POST', `/api/shops/${SHOP}/products/${product.id}/packs`, {
      unit: 'g',
      unitValue: 500,
      pricePaise: 19500,
      mrpPaise: 20000,
      inventory: 4,
      taxPercent: 5,
    });
    expect(pack.statusCode, pack.body).toBe(201);
    expect(pack.json().product.variants).toHaveLength(2);
    const dear = await staff.call('POST', `/api/shops/${SHOP}/products/${product.id}/packs`, {
      unit: 'kg',
      unitValue: 1,
      pricePaise: 40000,
      mrpPaise: 39000,
      taxPercent: 5,
    });
    expect(dear.json().error.code).toBe('PriceAboveMrp');

    // Its photo, taken in the app; something that is not a photo is refused.
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const photo = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${SHOP}/products/${product.id}/photo`,
      headers: { ...staff.headers, 'content-type': 'image/jpeg' },
      payload: image,
    });
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.json().product.photo.urls.medium).toMatch(/^\/api\/products\/photos\//);
    const junk = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${SHOP}/products/${product.id}/photo`,
      headers: { ...staff.headers, 'content-type': 'image/jpeg' },
      payload: Buffer.from('not a photo at all'),
    });
    expect(junk.statusCode).toBe(422);
    expect(junk.json().error.code).toBe('PhotoInvalid');
    expect((await t.app.inject({ url: photo.json().product.photo.urls.thumb })).statusCode).toBe(200);
  });

  it("changes a product's names, category and hazardous flag; another shop's product is not found", async () => {
    const renamed = await staff.call('PATCH', `/api/shops/${SHOP}/products/murugan-ponni-raw-rice`, {
      name: { en: 'Ponni Raw Rice (aged)', ta: 'பழைய பொன்னி பச்சரிசி' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().product.name).toEqual({ en: 'Ponni Raw Rice (aged)', ta: 'பழைய பொன்னி பச்சரிசி' });
    const shopper = await t.app.inject({ url: '/api/products/murugan-ponni-raw-rice' });
    expect(shopper.json().product.name.en).toBe('Ponni Raw Rice (aged)');
    expect(
      (
        await staff.call('PATCH', `/api/shops/${SHOP}/products/murugan-ponni-raw-rice`, {
          categoryId: 'jewellery',
        })
      ).json().error.code,
    ).toBe('CategoryUnknown');
    expect(
      (await staff.call('PATCH', `/api/shops/${SHOP}/products/murugan-ponni-raw-rice`, {})).statusCode,
    ).toBe(400);
    const theirs = await stranger.call('PATCH', `/api/shops/${OTHER}/products/murugan-ponni-raw-rice`, {
      hazardous: true,
    });
    expect(theirs.statusCode).toBe(404);
    await staff.call('PATCH', `/api/shops/${SHOP}/products/murugan-ponni-raw-rice`, {
      name: { en: 'Ponni Raw Rice', ta: 'பொன்னி பச்சரிசி' },
    });
  });

  it('lists every product with no search, those running low or out of stock, and what sells first', async () => {
    const list = async (query: string) => {
      const res = await staff.call('GET', `/api/shops/${SHOP}/products${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { products: Product[]; sold: Record<string, number>; hasMore: boolean };
    };
    await change(staff, RICE, { inventory: 4, alwaysInventory: false });
    await change(staff, RICE_5, { inventory: 0, alwaysInventory: false });
    const all = await list('');
    expect(all.products.length).toBeGreaterThan(2);
    const levels = (p: Product) => p.variants.filter((v) => !v.alwaysInventory).map((v) => v.inventory);
    const low = await list('?stock=low');
    expect(low.products.map((p) => p.id)).toContain('murugan-ponni-raw-rice');
    for (const p of low.products)
      expect(
        levels(p).some((n) => n > 0 && n <= 5),
        p.id,
      ).toBe(true);
    const out = await list('?stock=out');
    expect(out.products.map((p) => p.id)).toContain('murugan-ponni-raw-rice');
    for (const p of out.products)
      expect(
        levels(p).some((n) => n <= 0),
        p.id,
      ).toBe(true);
    expect(out.products.length).toBeLessThan(all.products.length);
    // The views keep to the words searched for.
    expect((await list('?q=zzzz&stock=out')).products).toEqual([]);

    // Paid orders sell; one still waiting for its payment sells nothing.
    const [first, second] = all.products.filter((p) => p.id !== 'murugan-ponni-raw-rice').slice(-2);
    const packOfFirst = first!.variants[0]!.vrntId;
    const packOfSecond = second!.variants[0]!.vrntId;
    for (const vrntId of [packOfFirst, packOfSecond])
      await change(staff, vrntId, { inventory: 50, alwaysInventory: false });
    const address = await addAddress(t, buyer.userId, { lat: 9.456, lng: 77.8 });
    await placed(buyer, {
      sellerId: SHOP,
      items: [await line(t, packOfFirst, 3)],
      deliveryType: 'home',
      addressId: address,
    });
    const unpaid = await placeOrder(buyer, {
      sellerId: SHOP,
      items: [await line(t, packOfSecond, 5)],
      deliveryType: 'home',
      addressId: address,
    });
    expect(unpaid.statusCode, unpaid.body).toBe(201);
    const bySales = await list('?sort=sales');
    expect(bySales.products[0]!.id).toBe(first!.id);
    expect(bySales.sold).toEqual({ [first!.id]: 3 });
    // By name, the same products, in the order of the plain list.
    expect((await list('?sort=name')).products.map((p) => p.id)).toEqual(all.products.map((p) => p.id));
    await change(staff, RICE_5, { inventory: 3 });
  });

  it('tells shoppers with its products open of every change, on the shop’s products topic', async () => {
    const heard: Array<{ event: string; data: { shopId: string; productIds: string[] } }> = [];
    const elsewhere: unknown[] = [];
    const stop = await t.ctx.realtime.subscribe(TOPICS.shopProducts(SHOP), (_topic, payload) => {
      heard.push(JSON.parse(payload.toString()));
    });
    const stopOther = await t.ctx.realtime.subscribe(TOPICS.shopProducts(OTHER), (_topic, payload) => {
      elsewhere.push(JSON.parse(payload.toString()));
    });
    try {
      expect((await change(staff, RICE, { pricePaise: 63000 })).statusCode).toBe(200);
      await until(() => expect(heard).toHaveLength(1));
      expect(heard[0]).toMatchObject({
        event: EVENTS.shopProductsChanged,
        data: { shopId: SHOP, productIds: ['murugan-ponni-raw-rice'] },
      });
      // A change refused tells nobody.
      expect((await change(staff, RICE, { pricePaise: 0 })).statusCode).toBe(422);
      expect((await change(staff, RICE, { pricePaise: 64000 })).statusCode).toBe(200);
      await until(() => expect(heard).toHaveLength(2));
      expect(elsewhere).toEqual([]);
    } finally {
      await stop();
      await stopOther();
    }
  });

  it('refuses an unknown category and names without Tamil', async () => {
    const unknown = await owner.call(
      'POST',
      `/api/shops/${SHOP}/products`,
      newProduct({ categoryId: 'jewellery' }),
    );
    expect(unknown.json().error.code).toBe('CategoryUnknown');
    const noTamil = await owner.call(
      'POST',
      `/api/shops/${SHOP}/products`,
      newProduct({ name: { en: 'Sambar Powder', ta: '' } }),
    );
    expect(noTamil.statusCode).toBe(400);
  });
});

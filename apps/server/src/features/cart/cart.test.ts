import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authHeaders, signUpUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { productVariants } from '../catalog/schema.ts';
import { validateCartItems } from './validate.ts';

// 04:30 UTC = 10:00 in Sivakasi: the demo shops are open.
const TEN_AM = '2026-11-20T04:30:00.000Z';
let t: TestApp;
let user: Awaited<ReturnType<typeof signUpUser>>;
beforeAll(async () => {
  t = await buildTestApp({ now: TEN_AM });
  user = await signUpUser(t.app);
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(TEN_AM));

const RICE = 'murugan-ponni-raw-rice-10kg'; // ₹640, Sri Murugan Stores
const RICE_5 = 'murugan-ponni-raw-rice-5kg'; // ₹330
const CAKE = 'iyyappa-black-forest-cake-500g'; // ₹450, alwaysInventory, Iyyappa Bakery

const db = () => t.ctx.database.db;
const setVariant = (id: string, set: Partial<typeof productVariants.$inferInsert>) =>
  db().update(productVariants).set(set).where(eq(productVariants.id, id));

const validate = (items: object[], token = user.tokens.accessToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart/validate',
    payload: { items },
    headers: authHeaders(token),
  });
const cartCall = (method: 'GET' | 'PUT', payload?: object, who = user) =>
  t.app.inject({ method, url: '/api/cart', payload, headers: authHeaders(who.tokens.accessToken) });

describe('POST /api/cart/validate', () => {
  it('needs sign-in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/validate',
      payload: { items: [{ vrntId: RICE, quantity: 1, productPrice: 640 }] },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers OK per line with the current price and stock', async () => {
    await setVariant(RICE, { inventory: 10, pricePaise: 64000 });
    const res = await validate([{ vrntId: RICE, quantity: 2, productPrice: 640 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          vrntId: RICE,
          status: 'OK',
          message: 'Available',
          messages: { en: 'Available', ta: 'கிடைக்கிறது' },
          reason: 'ok',
          productPrice: 640,
          marketPrice: 700,
          inventory: 10,
          alwaysInventory: false,
        },
      ],
      sellerId: 'sri-murugan-stores',
      ok: true,
      priceChanged: false,
    });
  });

  it('marks BAD: not enough stock, out of stock, gone, another seller; alwaysInventory never runs out', async () => {
    await setVariant(RICE, { inventory: 3 });
    await setVariant(RICE_5, { inventory: 0 });
    const res = await validate([
      { vrntId: RICE, quantity: 4, productPrice: 640 },
      { vrntId: RICE_5, quantity: 1, productPrice: 330 },
      { vrntId: 'no-such-variant', quantity: 1, productPrice: 10 },
      { vrntId: CAKE, quantity: 20, productPrice: 450 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(false);
    expect(
      body.items.map((i: { vrntId: string; status: string; reason: string; message: string }) => [
        i.vrntId,
        i.status,
        i.reason,
        i.message,
      ]),
    ).toEqual([
      [RICE, 'BAD', 'notEnoughStock', 'Only 3 left in stock'],
      [RICE_5, 'BAD', 'outOfStock', 'Out of stock'],
      ['no-such-variant', 'BAD', 'unavailable', 'This product is no longer available'],
      [CAKE, 'BAD', 'otherSeller', 'This item is from another shop. A cart holds one shop’s items.'],
    ]);
    expect(body.items[2].productPrice).toBeNull();
    const cakeOnly = (await validate([{ vrntId: CAKE, quantity: 20, productPrice: 450 }])).json();
    expect(cakeOnly.items[0]).toMatchObject({ status: 'OK', alwaysInventory: true });
    expect(body.items[0].messages.ta).toBe('இருப்பில் 3 மட்டுமே உள்ளது');
  });

  it('answers 409 SellerClosed while the shop is closed, saying when it opens (lines are not BAD-removed)', async () => {
    await setVariant(RICE, { inventory: 10 });
    t.clock.set('2026-11-20T00:30:00.000Z'); // 06:00 in Sivakasi; Sri Murugan Stores opens at 07:00
    const res = await validate([{ vrntId: RICE, quantity: 1, productPrice: 640 }]);
    expect(res.statusCode).toBe(409);
    const { error } = res.json();
    expect(error).toMatchObject({
      code: 'SellerClosed',
      message: 'The shop is closed now. It opens at 7:00 am.',
      sellerId: 'sri-murugan-stores',
      messages: { ta: 'கடை இப்போது மூடப்பட்டுள்ளது. 7:00 AM மணிக்குத் திறக்கும்.' },
    });
    expect(error.items[0]).toMatchObject({ vrntId: RICE, status: 'BAD', reason: 'shopClosed' });
    // For orders: the same answer from validateCartItems, not ok.
    const direct = await validateCartItems(
      db(),
      [{ vrntId: RICE, quantity: 1, productPrice: 640 }],
      t.clock.now(),
    );
    expect(direct.ok).toBe(false);
    expect(direct.lines).toEqual([]);
    t.clock.set('2026-11-20T01:30:00.000Z'); // 07:00: open
    expect((await validate([{ vrntId: RICE, quantity: 1, productPrice: 640 }])).statusCode).toBe(200);
  });

  it('answers 409 PaymentUpdatedException with the lines when a price changed', async () => {
    await setVariant(RICE, { inventory: 10, pricePaise: 62500 });
    try {
      const res = await validate([{ vrntId: RICE, quantity: 1, productPrice: 640 }]);
      expect(res.statusCode).toBe(409);
      const { error } = res.json();
      expect(error).toMatchObject({
        code: 'PaymentUpdatedException',
        message: 'The price has been updated. Refresh the page to view the new price.',
        priceChanged: true,
        ok: true,
        sellerId: 'sri-murugan-stores',
      });
      expect(error.items[0]).toMatchObject({
        vrntId: RICE,
        status: 'OK',
        reason: 'priceChanged',
        productPrice: 625,
      });
      // The new price, sent back, is fine.
      expect((await validate([{ vrntId: RICE, quantity: 1, productPrice: 625 }])).statusCode).toBe(200);
    } finally {
      await setVariant(RICE, { pricePaise: 64000 });
    }
  });

  it('refuses carts beyond the limits', async () => {
    const over = await validate([{ vrntId: RICE, quantity: 21, productPrice: 640 }]);
    expect(over.statusCode).toBe(400);
    const cart = await validate([
      { vrntId: RICE, quantity: 20, productPrice: 640 },
      { vrntId: RICE_5, quantity: 11, productPrice: 330 },
    ]);
    expect(cart.statusCode).toBe(400);
    expect(cart.json().error.message).toContain('You can store only 30 products');
    expect((await validate([])).statusCode).toBe(400);
    const twice = await validate([
      { vrntId: RICE, quantity: 1, productPrice: 640 },
      { vrntId: RICE, quantity: 1, productPrice: 640 },
    ]);
    expect(twice.statusCode).toBe(400);
  });
});

describe('validateCartItems (for orders)', () => {
  it('prices the OK lines from the database, never from the request', async () => {
    await setVariant(RICE, { inventory: 10, pricePaise: 64000 });
    const result = await validateCartItems(
      db(),
      [
        { vrntId: RICE, quantity: 2, productPrice: 1 },
        { vrntId: 'gone', quantity: 1, productPrice: 1 },
      ],
      t.clock.now(),
    );
    expect(result.ok).toBe(false);
    expect(result.priceChanged).toBe(true);
    expect(result.sellerId).toBe('sri-murugan-stores');
    expect(result.lines).toEqual([
      {
        vrntId: RICE,
        productId: 'murugan-ponni-raw-rice',
        sellerId: 'sri-murugan-stores',
        name: { en: 'Ponni Raw Rice', ta: 'பொன்னி பச்சரிசி' },
        quantity: 2,
        unitPricePaise: 64000,
        mrpPaise: 70000,
        // 128000 × 5 / 105
        taxPaise: 6095,
        taxPercent: 5,
        hazardous: false,
        alwaysInventory: false,
        image: expect.stringMatching(/\S/),
      },
    ]);
  });
});

describe('the server cart', () => {
  it('starts empty, then mirrors the app’s lines with current product data and keeps its cartId', async () => {
    const fresh = await signUpUser(t.app);
    const empty = (await cartCall('GET', undefined, fresh)).json();
    expect(empty).toEqual({
      cartId: null,
      sellerId: null,
      brandName: null,
      items: [],
      total: 0,
      count: 0,
      savings: 0,
      updatedAt: null,
    });
    const put = await cartCall(
      'PUT',
      {
        sellerId: 'sri-murugan-stores',
        items: [
          { vrntId: RICE, quantity: 2, productPrice: 640 },
          { vrntId: RICE_5, quantity: 1 },
        ],
      },
      fresh,
    );
    expect(put.statusCode, put.body).toBe(200);
    const cart = put.json();
    expect(cart.cartId).toMatch(/^[0-9a-f]{32}$/);
    expect(cart).toMatchObject({
      sellerId: 'sri-murugan-stores',
      brandName: 'Sri Murugan Stores',
      count: 3,
      total: 640 * 2 + 330,
      savings: 60 * 2 + 30,
    });
    expect(cart.items[0]).toMatchObject({
      quantity: 2,
      product: {
        vrntId: RICE,
        prdtId: 'murugan-ponni-raw-rice',
        slrId: 'sri-murugan-stores',
        tciId: 'grocery',
        unit: 'kg',
        unitValue: 10,
      },
    });
    expect((await cartCall('GET', undefined, fresh)).json()).toEqual(cart);
    const cleared = (await cartCall('PUT', { items: [] }, fresh)).json();
    expect(cleared).toMatchObject({ cartId: cart.cartId, items: [], count: 0, sellerId: null });
    // Another user's cart is their own.
    expect((await cartCall('GET')).json().cartId).not.toBe(cart.cartId);
  });

  it('refuses two sellers, drops variants that are gone, and keeps the limits', async () => {
    const mixed = await cartCall('PUT', {
      items: [
        { vrntId: RICE, quantity: 1 },
        { vrntId: CAKE, quantity: 1 },
      ],
    });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().error.code).toBe('CartOtherSeller');
    const wrongSeller = await cartCall('PUT', {
      sellerId: 'iyyappa-bakery',
      items: [{ vrntId: RICE, quantity: 1 }],
    });
    expect(wrongSeller.statusCode).toBe(409);
    const gone = await cartCall('PUT', {
      items: [
        { vrntId: 'gone', quantity: 1 },
        { vrntId: CAKE, quantity: 2 },
      ],
    });
    expect(gone.json().items.map((i: { product: { vrntId: string } }) => i.product.vrntId)).toEqual([CAKE]);
    expect((await cartCall('PUT', { items: [{ vrntId: CAKE, quantity: 21 }] })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/cart' })).statusCode).toBe(401);
  });
});

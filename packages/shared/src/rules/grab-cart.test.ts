import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CART_MESSAGES } from './cart.ts';
import {
  addToGrabCart,
  applyGrabValidation,
  emptyGrabCart,
  type GrabCart,
  type GrabProduct,
  type GrabSeller,
  grabCartCount,
  grabGroup,
  grabGroupLines,
  grabGroupTotals,
  removeBadGrabItems,
  removeFromGrabCart,
  removeGrabGroup,
  settleGrabCart,
} from './grab-cart.ts';

const MOBILE = '919876543210';

const murugan: GrabSeller = {
  sellerId: 'sri-murugan-stores',
  sellerName: 'Sri Murugan Stores',
  category: 'grocery',
};
const bakery: GrabSeller = { sellerId: 'iyyappa-bakery', sellerName: 'Iyyappa Bakery', category: 'bakery' };

const product = (over: Partial<GrabProduct> = {}): GrabProduct => ({
  productName: { en: 'Ponni Raw Rice', ta: 'பொன்னி பச்சரிசி' },
  unitValue: 1,
  image_url: null,
  unit: 'kg',
  account_id: 'acc-murugan',
  productId: 'rice',
  variantId: 'rice-1kg',
  tci: 'grocery',
  productPrice: 70,
  marketPrice: 80,
  inventory: 100,
  alwaysInventory: false,
  tax: 5,
  ...over,
});

const bun = product({
  productName: 'Cream Bun',
  productId: 'bun',
  variantId: 'bun-1',
  tci: 'bakery',
  productPrice: 15,
  marketPrice: 15,
  account_id: 'acc-bakery',
});

/** Adds `n` times, expecting every add to succeed. */
function addTimes(cart: GrabCart, seller: GrabSeller, p: GrabProduct, n: number): GrabCart {
  let c = cart;
  for (let i = 0; i < n; i += 1) {
    const r = addToGrabCart(c, seller, p);
    expect(r.outcome).toBe('added');
    c = r.cart;
  }
  return c;
}

const lines = (cart: GrabCart) =>
  cart.carts.map((g) => [g.sellerId, g.count, g.items.map((i) => [i.variantId, i.qty])]);

describe('the grab cart', () => {
  it('starts empty for the signed-in number', () => {
    expect(emptyGrabCart(MOBILE)).toEqual({ userMobile: MOBILE, carts: [] });
    expect(grabCartCount(emptyGrabCart(MOBILE))).toBe(0);
  });

  it('opens a group for a new seller with the item at qty 1, with exactly the stored fields', () => {
    const r = addToGrabCart(emptyGrabCart(MOBILE), murugan, {
      ...product(),
      extra: 'not stored',
    } as GrabProduct);
    expect(r.outcome).toBe('added');
    expect(r.cart).toEqual({
      userMobile: MOBILE,
      carts: [
        {
          sellerId: 'sri-murugan-stores',
          sellerName: 'Sri Murugan Stores',
          count: 1,
          category: 'grocery',
          items: [{ ...product(), qty: 1 }],
        },
      ],
    });
  });

  it('increments the same variant and appends another variant in the same group', () => {
    let cart = addTimes(emptyGrabCart(MOBILE), murugan, product(), 2);
    cart = addTimes(cart, murugan, product({ variantId: 'rice-5kg', unitValue: 5, productPrice: 340 }), 1);
    expect(lines(cart)).toEqual([
      [
        'sri-murugan-stores',
        3,
        [
          ['rice-1kg', 2],
          ['rice-5kg', 1],
        ],
      ],
    ]);
  });

  it('keeps the group’s name and category from the first add, and the line takes the latest price', () => {
    let cart = addTimes(emptyGrabCart(MOBILE), murugan, product(), 1);
    cart = addTimes(
      cart,
      { ...murugan, sellerName: 'Renamed', category: null },
      product({ productPrice: 72 }),
      1,
    );
    const group = grabGroup(cart, murugan.sellerId)!;
    expect(group).toMatchObject({ sellerName: 'Sri Murugan Stores', category: 'grocery' });
    expect(group.items[0]).toMatchObject({ qty: 2, productPrice: 72 });
  });

  it('holds several shops at once, in the order they were first added to', () => {
    let cart = addTimes(emptyGrabCart(MOBILE), murugan, product(), 2);
    cart = addTimes(cart, bakery, bun, 3);
    cart = addTimes(cart, murugan, product(), 1);
    expect(lines(cart)).toEqual([
      ['sri-murugan-stores', 3, [['rice-1kg', 3]]],
      ['iyyappa-bakery', 3, [['bun-1', 3]]],
    ]);
    expect(grabCartCount(cart)).toBe(6);
  });

  it('totals each group on its own, savings rounded to whole rupees', () => {
    let cart = addTimes(emptyGrabCart(MOBILE), murugan, product(), 2);
    cart = addTimes(cart, murugan, product({ variantId: 'x', productPrice: 10.1, marketPrice: 10.45 }), 3);
    cart = addTimes(cart, bakery, bun, 2);
    expect(grabGroupTotals(grabGroup(cart, murugan.sellerId)!)).toEqual({
      total: 170.3,
      count: 5,
      savings: 21,
    });
    expect(grabGroupTotals(grabGroup(cart, bakery.sellerId)!)).toEqual({ total: 30, count: 2, savings: 0 });
  });

  it('refuses beyond stock with the delivery cart’s message, unless alwaysInventory', () => {
    const scarce = product({ inventory: 2 });
    const full = addTimes(emptyGrabCart(MOBILE), murugan, scarce, 2);
    const refused = addToGrabCart(full, murugan, scarce);
    expect(refused).toEqual({ cart: full, outcome: 'stockLimit', left: 0 });
    expect(refused.cart).toBe(full);
    expect(CART_MESSAGES[refused.outcome].en).toBe('Stock limit reached. Unable to add more.');
    expect(addToGrabCart(emptyGrabCart(MOBILE), murugan, product({ inventory: 0 })).outcome).toBe(
      'stockLimit',
    );
    const always = product({ inventory: 0, alwaysInventory: true });
    expect(addToGrabCart(emptyGrabCart(MOBILE), murugan, always).outcome).toBe('added');
  });

  it('stops a line at 20 units', () => {
    const p = product({ alwaysInventory: true });
    const full = addTimes(emptyGrabCart(MOBILE), murugan, p, 20);
    const refused = addToGrabCart(full, murugan, p);
    expect(refused.outcome).toBe('lineLimit');
    expect(refused.cart).toBe(full);
    expect(CART_MESSAGES[refused.outcome].en).toBe('You can only add up to 20 units of this product');
  });

  it('stops a seller group at 30 units, while another shop’s group still takes its own 30', () => {
    let cart = addTimes(emptyGrabCart(MOBILE), murugan, product({ variantId: 'a' }), 20);
    cart = addTimes(cart, murugan, product({ variantId: 'b' }), 10);
    const refused = addToGrabCart(cart, murugan, product({ variantId: 'c' }));
    expect(refused.outcome).toBe('cartLimit');
    expect(refused.cart).toBe(cart);
    expect(CART_MESSAGES[refused.outcome].en).toBe('You can store only 30 products');
    cart = addTimes(cart, bakery, { ...bun, alwaysInventory: true }, 20);
    cart = addTimes(cart, bakery, { ...bun, variantId: 'bun-2', alwaysInventory: true }, 10);
    expect(grabCartCount(cart)).toBe(60);
    expect(addToGrabCart(cart, bakery, { ...bun, variantId: 'bun-3' }).outcome).toBe('cartLimit');
  });

  it('removes one unit, the line at 0, the group with its last line and empties the cart with the last group', () => {
    let cart = addTimes(emptyGrabCart(MOBILE), murugan, product(), 2);
    cart = addTimes(cart, murugan, product({ variantId: 'dal' }), 1);
    cart = addTimes(cart, bakery, bun, 1);
    const less = removeFromGrabCart(cart, murugan.sellerId, 'rice-1kg');
    expect(less.outcome).toBe('removed');
    const lineGone = removeFromGrabCart(less.cart, murugan.sellerId, 'rice-1kg');
    expect(lines(lineGone.cart)).toEqual([
      ['sri-murugan-stores', 1, [['dal', 1]]],
      ['iyyappa-bakery', 1, [['bun-1', 1]]],
    ]);
    const groupGone = removeFromGrabCart(lineGone.cart, murugan.sellerId, 'dal');
    expect(groupGone.outcome).toBe('removed');
    expect(lines(groupGone.cart)).toEqual([['iyyappa-bakery', 1, [['bun-1', 1]]]]);
    const empty = removeFromGrabCart(groupGone.cart, bakery.sellerId, 'bun-1');
    expect(empty).toEqual({ cart: emptyGrabCart(MOBILE), outcome: 'emptied' });
    expect(CART_MESSAGES[empty.outcome].en).toBe('Your cart is empty');
  });

  it('answers notInCart for a variant or seller it does not hold, changing nothing', () => {
    const cart = addTimes(emptyGrabCart(MOBILE), murugan, product(), 1);
    expect(removeFromGrabCart(cart, murugan.sellerId, 'nope')).toEqual({ cart, outcome: 'notInCart' });
    expect(removeFromGrabCart(cart, bakery.sellerId, 'rice-1kg').cart).toBe(cart);
    expect(removeBadGrabItems(cart, murugan.sellerId, ['nope']).cart).toBe(cart);
    expect(removeGrabGroup(cart, bakery.sellerId)).toEqual({ cart, outcome: 'notInCart' });
  });

  it('removes BAD variants from one group only; none left anywhere empties the cart', () => {
    let cart = addTimes(emptyGrabCart(MOBILE), murugan, product(), 2);
    cart = addTimes(cart, murugan, product({ variantId: 'dal' }), 1);
    cart = addTimes(cart, bakery, { ...bun, variantId: 'dal' }, 1);
    const some = removeBadGrabItems(cart, murugan.sellerId, ['dal']);
    expect(some.outcome).toBe('removed');
    expect(lines(some.cart)).toEqual([
      ['sri-murugan-stores', 2, [['rice-1kg', 2]]],
      ['iyyappa-bakery', 1, [['dal', 1]]],
    ]);
    const groupGone = removeBadGrabItems(some.cart, murugan.sellerId, new Set(['rice-1kg']));
    expect(lines(groupGone.cart)).toEqual([['iyyappa-bakery', 1, [['dal', 1]]]]);
    const none = removeBadGrabItems(groupGone.cart, bakery.sellerId, ['dal']);
    expect(none).toEqual({ cart: emptyGrabCart(MOBILE), outcome: 'emptied' });
  });

  it('drops a paid group and keeps the other shops', () => {
    let cart = addTimes(emptyGrabCart(MOBILE), murugan, product(), 2);
    cart = addTimes(cart, bakery, bun, 1);
    const paid = removeGrabGroup(cart, murugan.sellerId);
    expect(paid.outcome).toBe('removed');
    expect(lines(paid.cart)).toEqual([['iyyappa-bakery', 1, [['bun-1', 1]]]]);
    expect(removeGrabGroup(paid.cart, bakery.sellerId)).toEqual({
      cart: emptyGrabCart(MOBILE),
      outcome: 'emptied',
    });
  });

  it('never changes the cart it was given', () => {
    let start = addTimes(emptyGrabCart(MOBILE), murugan, product(), 2);
    start = addTimes(start, bakery, bun, 1);
    const copy = structuredClone(start);
    addToGrabCart(start, murugan, product());
    addToGrabCart(start, murugan, product({ variantId: 'new' }));
    removeFromGrabCart(start, murugan.sellerId, 'rice-1kg');
    removeBadGrabItems(start, bakery.sellerId, ['bun-1']);
    removeGrabGroup(start, murugan.sellerId);
    applyGrabValidation(start, murugan.sellerId, [
      { vrntId: 'rice-1kg', status: 'OK', message: '', productPrice: 99, inventory: 1 },
    ]);
    settleGrabCart(start);
    expect(start).toEqual(copy);
  });

  it('gives one group’s lines in the form the cart check and the order take', () => {
    let cart = addTimes(emptyGrabCart(MOBILE), murugan, product(), 2);
    cart = addTimes(cart, bakery, bun, 1);
    expect(grabGroupLines(grabGroup(cart, murugan.sellerId)!)).toEqual([
      { vrntId: 'rice-1kg', quantity: 2, productPrice: 70 },
    ]);
  });

  it('applies a validation answer to one group: BAD lines out with their message, new prices in', () => {
    let cart = addTimes(emptyGrabCart(MOBILE), murugan, product(), 2);
    cart = addTimes(cart, murugan, product({ variantId: 'dal', productName: 'Toor Dal' }), 1);
    cart = addTimes(cart, bakery, bun, 1);
    const result = applyGrabValidation(cart, murugan.sellerId, [
      {
        vrntId: 'rice-1kg',
        status: 'OK',
        message: 'Available',
        productPrice: 75,
        marketPrice: 80,
        inventory: 9,
      },
      { vrntId: 'dal', status: 'BAD', message: 'Out of stock' },
    ]);
    expect(result.removed).toEqual([{ variantId: 'dal', productName: 'Toor Dal', message: 'Out of stock' }]);
    expect(result.priceChanged).toBe(true);
    const group = grabGroup(result.cart, murugan.sellerId)!;
    expect(group.items).toEqual([{ ...product(), productPrice: 75, inventory: 9, qty: 2 }]);
    expect(grabGroupTotals(group)).toEqual({ total: 150, count: 2, savings: 10 });
    expect(grabGroup(result.cart, bakery.sellerId)).toBe(grabGroup(cart, bakery.sellerId));

    const onlyGroup = removeGrabGroup(cart, bakery.sellerId).cart;
    const none = applyGrabValidation(onlyGroup, murugan.sellerId, [
      { vrntId: 'rice-1kg', status: 'BAD', message: 'x' },
      { vrntId: 'dal', status: 'BAD', message: 'y' },
    ]);
    expect(none.cart).toEqual(emptyGrabCart(MOBILE));
    expect(applyGrabValidation(cart, murugan.sellerId, []).priceChanged).toBe(false);
    expect(applyGrabValidation(cart, 'nobody', [])).toEqual({ cart, removed: [], priceChanged: false });
  });

  it('settles a stored value: counts recomputed, duplicates and empty groups dropped, lines cut to the limits', () => {
    let cart = addTimes(emptyGrabCart(MOBILE), murugan, product(), 2);
    cart = addTimes(cart, bakery, bun, 1);
    expect(settleGrabCart(structuredClone(cart))).toEqual(cart);
    const tampered: GrabCart = {
      userMobile: MOBILE,
      carts: [
        {
          ...murugan,
          count: 1,
          items: [
            { ...product(), qty: 99 },
            { ...product(), qty: 3 },
            { ...product({ variantId: 'b' }), qty: 15 },
            { ...product({ variantId: 'c' }), qty: 4 },
          ],
        },
        { ...bakery, count: 0, items: [] },
        { ...murugan, count: 1, items: [{ ...product({ variantId: 'z' }), qty: 1 }] },
        { ...bakery, sellerId: 'x', count: 1, items: [{ ...bun, qty: 0 }] },
      ],
    };
    expect(lines(settleGrabCart(tampered))).toEqual([
      [
        'sri-murugan-stores',
        30,
        [
          ['rice-1kg', 20],
          ['b', 10],
        ],
      ],
    ]);
    expect(settleGrabCart({ userMobile: MOBILE, carts: [{ ...bakery, count: 3, items: [] }] })).toEqual(
      emptyGrabCart(MOBILE),
    );
  });

  it('reaches no zod through its imports, so the app can load it by subpath on the first screen', () => {
    const seen = new Set<string>();
    const visit = (url: URL) => {
      if (seen.has(url.href)) return;
      seen.add(url.href);
      const source = readFileSync(url, 'utf8');
      for (const [, spec] of source.matchAll(/^import[^;]*?from '([^']+)';/gms)) {
        expect(spec).toMatch(/^\./);
        visit(new URL(spec!, url));
      }
    };
    visit(new URL('./grab-cart.ts', import.meta.url));
    visit(new URL('./product-search.ts', import.meta.url));
    expect(seen.size).toBeGreaterThan(2);
  });
});

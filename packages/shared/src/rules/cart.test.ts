import { describe, expect, it } from 'vitest';
import {
  addToCart,
  applyValidation,
  CART_MESSAGES,
  type Cart,
  type CartProduct,
  cartLines,
  emptyCart,
  lineTotals,
  parseStoredCart,
  quantityRefusal,
  removeFromCart,
  replaceCart,
  setCartQuantity,
  storedQuantity,
  withValidatedPrices,
} from './cart.ts';

const product = (over: Partial<CartProduct> = {}): CartProduct => ({
  unitValue: 1,
  name: 'Ponni Raw Rice',
  image_url: null,
  unit: 'kg',
  slrId: 'sri-murugan-stores',
  prdtId: 'rice',
  vrntId: 'rice-1kg',
  tciId: 'grocery',
  productPrice: 70,
  marketPrice: 80,
  inventory: 100,
  alwaysInventory: false,
  ...over,
});

/** Adds `n` times, expecting every add to succeed. */
function addTimes(cart: Cart, p: CartProduct, n: number): Cart {
  let c = cart;
  for (let i = 0; i < n; i += 1) {
    const r = addToCart(c, p, 'Sri Murugan Stores');
    expect(r.outcome).toBe('added');
    c = r.cart;
  }
  return c;
}

describe('the delivery cart', () => {
  it('starts empty with zero total, count and savings', () => {
    expect(emptyCart()).toEqual({
      items: [],
      total: 0,
      count: 0,
      cartId: null,
      sellerId: null,
      brandName: null,
      savings: 0,
    });
  });

  it('adds a new line with quantity 1, then raises it by 1, keeping seller and brand', () => {
    const one = addToCart(emptyCart(), product(), 'Sri Murugan Stores');
    expect(one.outcome).toBe('added');
    expect(one.cart).toMatchObject({ count: 1, total: 70, savings: 10, sellerId: 'sri-murugan-stores' });
    expect(one.cart.brandName).toBe('Sri Murugan Stores');
    const two = addToCart(one.cart, product(), 'ignored');
    expect(two.cart.items).toEqual([{ quantity: 2, product: product() }]);
    expect(two.cart).toMatchObject({ count: 2, total: 140, savings: 20, brandName: 'Sri Murugan Stores' });
  });

  it('never changes the cart it was given', () => {
    const start = addToCart(emptyCart(), product(), 'S').cart;
    const copy = structuredClone(start);
    addToCart(start, product(), 'S');
    removeFromCart(start, 'rice-1kg');
    expect(start).toEqual(copy);
  });

  it('refuses beyond stock with the stock-limit message, unless alwaysInventory', () => {
    const scarce = product({ inventory: 2 });
    const full = addTimes(emptyCart(), scarce, 2);
    const refused = addToCart(full, scarce, 'S');
    expect(refused.outcome).toBe('stockLimit');
    expect(refused.left).toBe(0);
    expect(refused.cart).toBe(full);
    expect(CART_MESSAGES.stockLimit.en).toBe('Stock limit reached. Unable to add more.');
    expect(addToCart(emptyCart(), product({ inventory: 0 }), 'S').outcome).toBe('stockLimit');
    const always = product({ inventory: 0, alwaysInventory: true });
    expect(addToCart(emptyCart(), always, 'S').outcome).toBe('added');
  });

  it('says how many more a refused line could still take, under every limit at once', () => {
    // 5 in stock, 2 in the cart: typing 9 is refused, 3 more could go in.
    const scarce = product({ inventory: 5 });
    const two = addTimes(emptyCart(), scarce, 2);
    expect(setCartQuantity(two, 'rice-1kg', 9)).toMatchObject({ outcome: 'stockLimit', left: 3 });
    // Always in stock, 14 in the line: typing 25 is over the 20, 6 more could go in.
    const loose = product({ alwaysInventory: true });
    expect(setCartQuantity(addTimes(emptyCart(), loose, 14), 'rice-1kg', 25)).toMatchObject({
      outcome: 'lineLimit',
      left: 6,
    });
    // 27 in the cart (20 + 7): the 7-line typed to 12 is over 30; 3 more units fit in the cart.
    let cart = addTimes(emptyCart(), product({ vrntId: 'a', alwaysInventory: true }), 20);
    cart = addTimes(cart, product({ vrntId: 'b', alwaysInventory: true }), 7);
    expect(setCartQuantity(cart, 'b', 12)).toMatchObject({ outcome: 'cartLimit', left: 3 });
    // An add that is let through says nothing of what is left.
    expect(addToCart(emptyCart(), scarce, 'S').left).toBeUndefined();
  });

  it('stops a line at 20 units', () => {
    const full = addTimes(emptyCart(), product({ alwaysInventory: true }), 20);
    const refused = addToCart(full, product({ alwaysInventory: true }), 'S');
    expect(refused.outcome).toBe('lineLimit');
    expect(refused.left).toBe(0);
    expect(refused.cart).toBe(full);
    expect(CART_MESSAGES.lineLimit.en).toBe('You can only add up to 20 units of this product');
  });

  it('stops the cart at 30 units across lines', () => {
    let cart = addTimes(emptyCart(), product({ vrntId: 'a' }), 20);
    cart = addTimes(cart, product({ vrntId: 'b' }), 10);
    expect(cart.count).toBe(30);
    const refused = addToCart(cart, product({ vrntId: 'c' }), 'S');
    expect(refused.outcome).toBe('cartLimit');
    expect(refused.left).toBe(0);
    expect(refused.cart).toBe(cart);
    expect(CART_MESSAGES.cartLimit.en).toBe('You can store only 30 products');
  });

  it('asks to replace the cart for another seller’s item, and replaces it when told', () => {
    const cart = addTimes(emptyCart('cart-1'), product(), 3);
    const other = product({ slrId: 'iyyappa-bakery', vrntId: 'bun', productPrice: 15, marketPrice: 15 });
    const asked = addToCart(cart, other, 'Iyyappa Bakery');
    expect(asked.outcome).toBe('needsReplace');
    expect(asked.cart).toBe(cart);
    const replaced = replaceCart(cart, other, 'Iyyappa Bakery');
    expect(replaced.outcome).toBe('added');
    expect(replaced.cart).toEqual({
      items: [{ quantity: 1, product: other }],
      total: 15,
      count: 1,
      cartId: 'cart-1',
      sellerId: 'iyyappa-bakery',
      brandName: 'Iyyappa Bakery',
      savings: 0,
    });
    expect(replaceCart(cart, { ...other, inventory: 0 }, 'X')).toEqual({
      cart,
      outcome: 'stockLimit',
      left: 0,
    });
  });

  it('removes one unit, deletes the line at 0 and resets the cart at count 0', () => {
    let cart = addTimes(emptyCart('cart-1'), product(), 2);
    cart = addTimes(cart, product({ vrntId: 'dal' }), 1);
    const less = removeFromCart(cart, 'rice-1kg');
    expect(less.outcome).toBe('removed');
    expect(less.cart.items.map((i) => [i.product.vrntId, i.quantity])).toEqual([
      ['rice-1kg', 1],
      ['dal', 1],
    ]);
    const gone = removeFromCart(less.cart, 'rice-1kg');
    expect(gone.cart.items.map((i) => i.product.vrntId)).toEqual(['dal']);
    const empty = removeFromCart(gone.cart, 'dal');
    expect(empty.outcome).toBe('emptied');
    expect(empty.cart).toEqual(emptyCart('cart-1'));
    expect(removeFromCart(empty.cart, 'dal')).toEqual({ cart: empty.cart, outcome: 'notInCart' });
  });

  it('sets a line to a typed quantity, within the same limits as an add; 0 removes the line', () => {
    let cart = addTimes(emptyCart('cart-1'), product({ inventory: 12 }), 2);
    cart = addTimes(cart, product({ vrntId: 'dal' }), 9);
    const set = setCartQuantity(cart, 'rice-1kg', 10);
    expect(set.outcome).toBe('set');
    expect(set.cart.count).toBe(19);
    expect(set.cart.total).toBe(10 * 70 + 9 * 70);
    // Over the stock, over 20 of a line, over 30 in the cart: refused as an add is, nothing changed.
    expect(setCartQuantity(cart, 'rice-1kg', 13)).toEqual({ cart, outcome: 'stockLimit', left: 10 });
    expect(setCartQuantity(cart, 'dal', 21)).toEqual({ cart, outcome: 'lineLimit', left: 11 });
    const full = setCartQuantity(set.cart, 'dal', 20).cart;
    expect(full.count).toBe(30);
    expect(setCartQuantity(full, 'rice-1kg', 11)).toEqual({ cart: full, outcome: 'cartLimit', left: 0 });
    // Fewer is always allowed, even a line a limit would refuse now.
    expect(setCartQuantity(cart, 'dal', 3).cart.count).toBe(5);
    const removed = setCartQuantity(cart, 'rice-1kg', 0);
    expect(removed.outcome).toBe('removed');
    expect(removed.cart.items.map((i) => i.product.vrntId)).toEqual(['dal']);
    expect(setCartQuantity(removed.cart, 'dal', 0)).toEqual({
      cart: emptyCart('cart-1'),
      outcome: 'emptied',
    });
    expect(setCartQuantity(cart, 'nothing', 2)).toEqual({ cart, outcome: 'notInCart' });
  });

  it('rounds savings to whole rupees and keeps the total exact in paise', () => {
    const p = product({ productPrice: 10.1, marketPrice: 10.45, vrntId: 'x' });
    const cart = addTimes(emptyCart(), p, 3);
    expect(cart.total).toBe(30.3);
    // 3 × 0.35 = 1.05 → 1
    expect(cart.savings).toBe(1);
  });

  it('applies a validation answer: BAD lines out with their message, new prices in, reset if none left', () => {
    let cart = addTimes(emptyCart('c'), product(), 2);
    cart = addTimes(cart, product({ vrntId: 'dal', name: 'Toor Dal' }), 1);
    const result = applyValidation(cart, [
      {
        vrntId: 'rice-1kg',
        status: 'OK',
        message: 'The price has been updated.',
        productPrice: 75,
        marketPrice: 80,
      },
      { vrntId: 'dal', status: 'BAD', message: 'Out of stock' },
    ]);
    expect(result.removed).toEqual([{ vrntId: 'dal', name: 'Toor Dal', message: 'Out of stock' }]);
    expect(result.priceChanged).toBe(true);
    expect(result.cart).toMatchObject({ count: 2, total: 150, savings: 10 });
    const none = applyValidation(cart, [
      { vrntId: 'rice-1kg', status: 'BAD', message: 'x' },
      { vrntId: 'dal', status: 'BAD', message: 'y' },
    ]);
    expect(none.cart).toEqual(emptyCart('c'));
    expect(applyValidation(cart, []).priceChanged).toBe(false);
  });

  it('gives the lines the server wants', () => {
    const cart = addTimes(emptyCart(), product(), 2);
    expect(cartLines(cart)).toEqual([{ vrntId: 'rice-1kg', quantity: 2, productPrice: 70 }]);
  });

  it('reads a stored cart back, recomputing totals and dropping what does not fit', () => {
    const cart = addTimes(emptyCart('c'), product(), 2);
    expect(parseStoredCart(JSON.parse(JSON.stringify(cart)))).toEqual(cart);
    expect(parseStoredCart(null)).toBeNull();
    expect(parseStoredCart({ items: 'no' })).toBeNull();
    const tampered = {
      ...cart,
      total: 1,
      items: [
        { quantity: 99, product: product() },
        { quantity: 1, product: product({ vrntId: 'x', slrId: 'other' }) },
        { quantity: 0, product: product({ vrntId: 'y' }) },
      ],
    };
    expect(parseStoredCart(tampered)).toMatchObject({
      count: 20,
      total: 1400,
      sellerId: 'sri-murugan-stores',
    });
  });

  describe('helpers any cart shares', () => {
    it('checks stock first, then 20 per line, then 30 per cart', () => {
      const stock = { inventory: 25, alwaysInventory: false };
      expect(quantityRefusal(26, 31, stock)).toBe('stockLimit');
      expect(quantityRefusal(21, 31, stock)).toBe('lineLimit');
      expect(quantityRefusal(20, 31, stock)).toBe('cartLimit');
      expect(quantityRefusal(20, 30, stock)).toBeNull();
      expect(quantityRefusal(21, 21, { inventory: 0, alwaysInventory: true })).toBe('lineLimit');
    });

    it('sums flat lines in paise', () => {
      expect(
        lineTotals([
          { quantity: 3, productPrice: 10.1, marketPrice: 10.45 },
          { quantity: 1, productPrice: 5, marketPrice: 4 },
        ]),
      ).toEqual({ total: 35.3, count: 4, savings: 1 });
    });

    it('takes a validation answer’s prices into a copy, flagging a price move of a paisa or more', () => {
      const line = { productPrice: 70, marketPrice: 80, inventory: 5, other: 'kept' };
      const same = withValidatedPrices(line, {
        vrntId: 'x',
        status: 'OK',
        message: '',
        productPrice: 70.001,
      });
      expect(same.priceChanged).toBe(false);
      const moved = withValidatedPrices(line, {
        vrntId: 'x',
        status: 'OK',
        message: '',
        productPrice: 72,
        inventory: null,
      });
      expect(moved).toEqual({
        line: { productPrice: 72, marketPrice: 80, inventory: 5, other: 'kept' },
        priceChanged: true,
      });
      expect(line.productPrice).toBe(70);
      expect(withValidatedPrices(line, undefined)).toEqual({ line, priceChanged: false });
    });

    it('cuts a stored line to what still fits', () => {
      expect(storedQuantity(99, 0)).toBe(20);
      expect(storedQuantity(5, 28)).toBe(2);
      expect(storedQuantity(5, 30)).toBe(0);
    });
  });
});

import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { addToGrabCart, emptyGrabCart, type GrabCart, type GrabProduct } from '../rules/grab-cart.ts';
import { grabCartSchema, parseStoredGrabCart } from './grab-cart.ts';

const MOBILE = '919876543210';

const product: GrabProduct = {
  productName: { en: 'Ponni Raw Rice', ta: 'பொன்னி பச்சரிசி' },
  unitValue: 1,
  image_url: null,
  unit: 'kg',
  account_id: null,
  productId: 'rice',
  variantId: 'rice-1kg',
  tci: 'grocery',
  productPrice: 70,
  marketPrice: 80,
  inventory: 100,
  alwaysInventory: false,
  tax: 5,
};
const seller = { sellerId: 'sri-murugan-stores', sellerName: 'Sri Murugan Stores', category: 'grocery' };

const stored = (cart: GrabCart): unknown => JSON.parse(JSON.stringify(cart));

describe('the stored grab cart', () => {
  it('has a schema whose output is exactly the rules’ GrabCart', () => {
    expectTypeOf<z.infer<typeof grabCartSchema>>().toEqualTypeOf<GrabCart>();
  });

  it('reads back what the rules wrote', () => {
    const cart = addToGrabCart(emptyGrabCart(MOBILE), seller, product).cart;
    expect(grabCartSchema.parse(stored(cart))).toEqual(cart);
    expect(parseStoredGrabCart(stored(cart), MOBILE)).toEqual(cart);
  });

  it('gives a fresh empty cart for an unreadable value or another user’s', () => {
    const cart = addToGrabCart(emptyGrabCart(MOBILE), seller, product).cart;
    expect(parseStoredGrabCart(null, MOBILE)).toEqual(emptyGrabCart(MOBILE));
    expect(parseStoredGrabCart({ userMobile: MOBILE, carts: 'no' }, MOBILE)).toEqual(emptyGrabCart(MOBILE));
    expect(parseStoredGrabCart(stored(cart), '919000000000')).toEqual(emptyGrabCart('919000000000'));
    const badItem = { ...cart, carts: [{ ...cart.carts[0], items: [{ ...product, qty: 1.5 }] }] };
    expect(grabCartSchema.safeParse(badItem).success).toBe(false);
    expect(grabCartSchema.safeParse({ ...cart, userMobile: '9876543210' }).success).toBe(false);
  });

  it('cuts an over-limit value back instead of dropping it', () => {
    const cart = addToGrabCart(emptyGrabCart(MOBILE), seller, product).cart;
    const edited = { ...cart, carts: [{ ...cart.carts[0], count: 1, items: [{ ...product, qty: 45 }] }] };
    const read = parseStoredGrabCart(edited, MOBILE);
    expect(read.carts[0]).toMatchObject({ count: 20, items: [{ variantId: 'rice-1kg', qty: 20 }] });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CART_LIMITS } from '../constants.ts';
import { addToCart, type Cart, type CartProduct, cartTotals, emptyCart, removeFromCart } from './cart.ts';

/** A small catalog: two sellers, stock from none to plenty, some never running out, odd paise. */
const productArb = (slrId: string, i: number) =>
  fc.record({
    unitValue: fc.constant(1),
    name: fc.constant(`p${i}`),
    image_url: fc.constant(null),
    unit: fc.constant('pc'),
    slrId: fc.constant(slrId),
    prdtId: fc.constant(`${slrId}-p${i}`),
    vrntId: fc.constant(`${slrId}-v${i}`),
    tciId: fc.constant(null),
    productPrice: fc.integer({ min: 1, max: 200_000 }).map((p) => p / 100),
    marketPrice: fc.integer({ min: 0, max: 50_000 }).map((d) => d / 100),
    inventory: fc.integer({ min: 0, max: 40 }),
    alwaysInventory: fc.boolean(),
  });

const catalogArb = fc
  .tuple(
    fc.tuple(...[0, 1, 2, 3, 4].map((i) => productArb('a', i))),
    fc.tuple(...[0, 1].map((i) => productArb('b', i))),
  )
  // MRP is at least the price.
  .map(([a, b]) =>
    [...a, ...b].map((p) => ({
      ...p,
      marketPrice: Math.round((p.productPrice + p.marketPrice) * 100) / 100,
    })),
  );

const stepArb = fc.record({ op: fc.constantFrom('add', 'add', 'add', 'remove'), index: fc.nat(6) });

function check(cart: Cart, catalog: CartProduct[]) {
  const stockOf = new Map(catalog.map((p) => [p.vrntId, p]));
  for (const line of cart.items) {
    expect(line.quantity).toBeGreaterThanOrEqual(1);
    expect(line.quantity).toBeLessThanOrEqual(CART_LIMITS.maxPerLine);
    const p = stockOf.get(line.product.vrntId)!;
    if (!p.alwaysInventory) expect(line.quantity).toBeLessThanOrEqual(p.inventory);
    expect(line.product.slrId).toBe(cart.sellerId);
  }
  expect(new Set(cart.items.map((i) => i.product.vrntId)).size).toBe(cart.items.length);
  // Recomputed independently, in paise.
  const count = cart.items.reduce((n, i) => n + i.quantity, 0);
  const totalPaise = cart.items.reduce(
    (n, i) => n + Math.round(i.product.productPrice * 100) * i.quantity,
    0,
  );
  const savingsPaise = cart.items.reduce(
    (n, i) =>
      n + (Math.round(i.product.marketPrice * 100) - Math.round(i.product.productPrice * 100)) * i.quantity,
    0,
  );
  expect(cart.count).toBe(count);
  expect(cart.count).toBeLessThanOrEqual(CART_LIMITS.maxPerCart);
  expect(Math.round(cart.total * 100)).toBe(totalPaise);
  expect(cart.savings).toBe(Math.round(savingsPaise / 100));
  expect(cartTotals(cart.items)).toEqual({ total: cart.total, count: cart.count, savings: cart.savings });
  if (cart.items.length === 0) expect(cart).toEqual(emptyCart(cart.cartId));
}

describe('cart rules under any sequence of adds and removes', () => {
  it('keep every line ≤ 20, the cart ≤ 30, stock respected and totals equal to a recomputation', () => {
    fc.assert(
      fc.property(catalogArb, fc.array(stepArb, { maxLength: 120 }), (catalog, steps) => {
        let cart = emptyCart('c');
        for (const step of steps) {
          const p = catalog[step.index]!;
          const before = cart;
          const r = step.op === 'add' ? addToCart(cart, p, p.slrId) : removeFromCart(cart, p.vrntId);
          if (step.op === 'add') {
            const line = before.items.find((i) => i.product.vrntId === p.vrntId)?.quantity ?? 0;
            if (r.outcome === 'added') expect(r.cart.count).toBe(before.count + 1);
            else {
              // A refused add is not saved, and says why.
              expect(r.cart).toBe(before);
              if (r.outcome === 'needsReplace') expect(before.sellerId).not.toBe(p.slrId);
              if (r.outcome === 'stockLimit') expect(!p.alwaysInventory && line + 1 > p.inventory).toBe(true);
              if (r.outcome === 'lineLimit') expect(line).toBe(CART_LIMITS.maxPerLine);
              if (r.outcome === 'cartLimit') expect(before.count).toBe(CART_LIMITS.maxPerCart);
            }
          } else if (r.outcome !== 'notInCart') {
            expect(r.cart.count).toBe(before.count - 1);
          }
          cart = r.cart;
          check(cart, catalog);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('fill any one line only up to min(20, stock) and the cart up to 30', () => {
    fc.assert(
      fc.property(catalogArb, (catalog) => {
        const sellerA = catalog.filter((p) => p.slrId === 'a');
        let cart = emptyCart();
        for (const p of sellerA) {
          for (let i = 0; i < 40; i += 1) cart = addToCart(cart, p, 'a').cart;
        }
        const expected = sellerA.reduce<number>((n, p) => {
          const cap = p.alwaysInventory
            ? CART_LIMITS.maxPerLine
            : Math.min(CART_LIMITS.maxPerLine, p.inventory);
          return Math.min(CART_LIMITS.maxPerCart, n + cap);
        }, 0);
        expect(cart.count).toBe(expected);
        check(cart, catalog);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CART_LIMITS } from '../constants.ts';
import {
  addToGrabCart,
  emptyGrabCart,
  type GrabCart,
  type GrabProduct,
  type GrabSeller,
  grabCartCount,
  grabGroup,
  grabGroupTotals,
  removeBadGrabItems,
  removeFromGrabCart,
  removeGrabGroup,
} from './grab-cart.ts';

const MOBILE = '919876543210';

const SELLERS: GrabSeller[] = ['a', 'b', 'c'].map((id) => ({
  sellerId: id,
  sellerName: `Shop ${id}`,
  category: null,
}));

/** A small catalog per shop: stock from none to plenty, some never running out, odd paise. */
const productArb = (sellerId: string, i: number) =>
  fc
    .record({
      productPrice: fc.integer({ min: 1, max: 200_000 }).map((p) => p / 100),
      markup: fc.integer({ min: 0, max: 50_000 }).map((d) => d / 100),
      inventory: fc.integer({ min: 0, max: 40 }),
      alwaysInventory: fc.boolean(),
    })
    .map(
      ({ productPrice, markup, inventory, alwaysInventory }): GrabProduct => ({
        productName: `p${i}`,
        unitValue: 1,
        image_url: null,
        unit: 'pc',
        account_id: null,
        productId: `${sellerId}-p${i}`,
        // The same variant id in two shops must not mix: groups are keyed by seller first.
        variantId: `v${i}`,
        tci: null,
        productPrice,
        // MRP is at least the price.
        marketPrice: Math.round((productPrice + markup) * 100) / 100,
        inventory,
        alwaysInventory,
        tax: 5,
      }),
    );

const catalogArb = fc.tuple(
  ...SELLERS.map((s) => fc.tuple(...[0, 1, 2, 3].map((i) => productArb(s.sellerId, i)))),
);
type Catalog = GrabProduct[][];

const stepArb = fc.record({
  op: fc.constantFrom('add', 'add', 'add', 'add', 'remove', 'bad', 'pay'),
  shop: fc.nat(SELLERS.length - 1),
  index: fc.nat(3),
  bad: fc.subarray([0, 1, 2, 3]),
});
type Step = { op: string; shop: number; index: number; bad: number[] };

function apply(cart: GrabCart, catalog: Catalog, step: Step) {
  const seller = SELLERS[step.shop]!;
  const p = catalog[step.shop]![step.index]!;
  switch (step.op) {
    case 'add':
      return addToGrabCart(cart, seller, p);
    case 'remove':
      return removeFromGrabCart(cart, seller.sellerId, p.variantId);
    case 'bad':
      return removeBadGrabItems(
        cart,
        seller.sellerId,
        step.bad.map((i) => `v${i}`),
      );
    default:
      return removeGrabGroup(cart, seller.sellerId);
  }
}

/** Every invariant, recomputed independently in paise. */
function check(cart: GrabCart, catalog: Catalog) {
  expect(cart.userMobile).toBe(MOBILE);
  expect(new Set(cart.carts.map((g) => g.sellerId)).size).toBe(cart.carts.length);
  let units = 0;
  for (const group of cart.carts) {
    expect(group.items.length).toBeGreaterThan(0);
    const shop = catalog[SELLERS.findIndex((s) => s.sellerId === group.sellerId)]!;
    expect(new Set(group.items.map((i) => i.variantId)).size).toBe(group.items.length);
    for (const item of group.items) {
      expect(item.qty).toBeGreaterThanOrEqual(1);
      expect(item.qty).toBeLessThanOrEqual(CART_LIMITS.maxPerLine);
      const p = shop.find((x) => x.variantId === item.variantId)!;
      expect(item.productId).toBe(p.productId);
      if (!p.alwaysInventory) expect(item.qty).toBeLessThanOrEqual(p.inventory);
    }
    const count = group.items.reduce((n, i) => n + i.qty, 0);
    const totalPaise = group.items.reduce((n, i) => n + Math.round(i.productPrice * 100) * i.qty, 0);
    const savingsPaise = group.items.reduce(
      (n, i) => n + (Math.round(i.marketPrice * 100) - Math.round(i.productPrice * 100)) * i.qty,
      0,
    );
    expect(group.count).toBe(count);
    expect(count).toBeLessThanOrEqual(CART_LIMITS.maxPerCart);
    const totals = grabGroupTotals(group);
    expect(totals.count).toBe(count);
    expect(Math.round(totals.total * 100)).toBe(totalPaise);
    expect(totals.savings).toBe(Math.round(savingsPaise / 100));
    units += count;
  }
  expect(grabCartCount(cart)).toBe(units);
  if (units === 0) expect(cart).toEqual(emptyGrabCart(MOBILE));
}

describe('grab cart rules under any sequence of adds, removes, BAD answers and payments', () => {
  it('keep every line ≤ 20 and its stock, every group ≤ 30 and non-empty, counts and totals exact', () => {
    fc.assert(
      fc.property(catalogArb, fc.array(stepArb, { maxLength: 150 }), (catalog, steps) => {
        let cart = emptyGrabCart(MOBILE);
        for (const step of steps) {
          const before = cart;
          const frozen = structuredClone(before);
          const r = apply(before, catalog, step);
          // The input is never changed, and a refused or pointless step answers it as it was.
          expect(before).toEqual(frozen);
          if (r.outcome !== 'added' && r.outcome !== 'removed' && r.outcome !== 'emptied') {
            expect(r.cart).toBe(before);
          }
          if (step.op === 'add') {
            const seller = SELLERS[step.shop]!;
            const p = catalog[step.shop]![step.index]!;
            const group = grabGroup(before, seller.sellerId);
            const line = group?.items.find((i) => i.variantId === p.variantId)?.qty ?? 0;
            const groupCount = group?.count ?? 0;
            if (r.outcome === 'added') expect(grabCartCount(r.cart)).toBe(grabCartCount(before) + 1);
            if (r.outcome === 'stockLimit') expect(!p.alwaysInventory && line + 1 > p.inventory).toBe(true);
            if (r.outcome === 'lineLimit') expect(line).toBe(CART_LIMITS.maxPerLine);
            if (r.outcome === 'cartLimit') expect(groupCount).toBe(CART_LIMITS.maxPerCart);
          }
          if (step.op === 'remove' && r.outcome !== 'notInCart') {
            expect(grabCartCount(r.cart)).toBe(grabCartCount(before) - 1);
          }
          // Other shops' groups are never touched by a step in this shop.
          for (const g of before.carts) {
            if (g.sellerId !== SELLERS[step.shop]!.sellerId) expect(grabGroup(r.cart, g.sellerId)).toBe(g);
          }
          expect(r.outcome === 'emptied').toBe(r.cart.carts.length === 0 && before.carts.length > 0);
          cart = r.cart;
          check(cart, catalog);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('adding one unit then removing it gives back the cart it started from', () => {
    fc.assert(
      fc.property(
        catalogArb,
        fc.array(stepArb, { maxLength: 60 }),
        fc.nat(SELLERS.length - 1),
        fc.nat(3),
        (catalog, steps, shop, index) => {
          const start = steps.reduce((c, s) => apply(c, catalog, s).cart, emptyGrabCart(MOBILE));
          const seller = SELLERS[shop]!;
          const p = catalog[shop]![index]!;
          const line = grabGroup(start, seller.sellerId)?.items.find((i) => i.variantId === p.variantId);
          const added = addToGrabCart(start, seller, p);
          fc.pre(added.outcome === 'added');
          const back = removeFromGrabCart(added.cart, seller.sellerId, p.variantId).cart;
          // The line keeps the product as last shown, as the delivery cart's does.
          const expected = line
            ? {
                ...start,
                carts: start.carts.map((g) =>
                  g.sellerId === seller.sellerId
                    ? {
                        ...g,
                        items: g.items.map((i) => (i.variantId === p.variantId ? { ...p, qty: i.qty } : i)),
                      }
                    : g,
                ),
              }
            : start;
          expect(back).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('fill any one shop only up to min(20, stock) per line and 30 per group, whatever the other shops hold', () => {
    fc.assert(
      fc.property(catalogArb, fc.array(stepArb, { maxLength: 60 }), (catalog, steps) => {
        const others = steps.filter((s) => s.shop !== 0);
        let cart = others.reduce((c, s) => apply(c, catalog, s).cart, emptyGrabCart(MOBILE));
        const elsewhere = grabCartCount(cart);
        for (const p of catalog[0]!) {
          for (let i = 0; i < 40; i += 1) cart = addToGrabCart(cart, SELLERS[0]!, p).cart;
        }
        const expected = catalog[0]!.reduce<number>((n, p) => {
          const cap = p.alwaysInventory
            ? CART_LIMITS.maxPerLine
            : Math.min(CART_LIMITS.maxPerLine, p.inventory);
          return Math.min(CART_LIMITS.maxPerCart, n + cap);
        }, 0);
        expect(grabGroup(cart, 'a')?.count ?? 0).toBe(expected);
        expect(grabCartCount(cart)).toBe(elsewhere + expected);
        check(cart, catalog);
      }),
    );
  });

  it('removing BAD items that leaves nothing anywhere gives the empty cart', () => {
    fc.assert(
      fc.property(
        catalogArb,
        fc.array(stepArb, { maxLength: 60 }),
        fc.nat(SELLERS.length - 1),
        (catalog, steps, shop) => {
          const onlyShop = steps.map((s) => ({ ...s, shop, op: s.op === 'pay' ? 'add' : s.op }));
          const cart = onlyShop.reduce((c, s) => apply(c, catalog, s).cart, emptyGrabCart(MOBILE));
          const seller = SELLERS[shop]!;
          const all = grabGroup(cart, seller.sellerId)?.items.map((i) => i.variantId) ?? [];
          const r = removeBadGrabItems(cart, seller.sellerId, all);
          expect(r.cart).toEqual(emptyGrabCart(MOBILE));
          expect(r.outcome).toBe(all.length > 0 ? 'emptied' : 'notInCart');
        },
      ),
    );
  });
});

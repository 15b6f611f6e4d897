import { quantityRefusal, storedQuantity, unitsLeft } from './cart-limits.ts';
import type { CartName, CartOutcome } from './cart-model.ts';
import { type CartTotals, lineTotals } from './cart-totals.ts';
import { type CartValidationLine, withValidatedPrices } from './cart-validation.ts';

/**
 * The grab-and-go cart (docs/product.md#grab-and-go), as pure functions in the delivery cart's style
 * (rules/cart.ts): each takes a cart and answers `{ cart, outcome }` without changing its input, and
 * the outcomes are the delivery cart's, so `CART_MESSAGES` gives their toasts in English and Tamil.
 *
 * Persisted under `STORAGE_KEYS.grabCart` as
 *
 *     { userMobile: '91XXXXXXXXXX', carts: [{ sellerId, sellerName, count, category, items: [...] }] }
 *
 * one group per shop, in the order the shopper first added to each. `userMobile` is the signed-in
 * shopper's number on the wire (`normalisePhone`), so a cart left on a shared phone is not shown to
 * the next person (the app starts a fresh `emptyGrabCart` when it differs). `schemas/grab-cart.ts`
 * checks a value read back from storage.
 *
 * Unlike the delivery cart, several shops at once: a shopper may be holding a basket in two shops of
 * one street. Each group is validated and paid on its own, so each group gets its own totals and
 * limits; there is no `needsReplace`.
 *
 * Amounts: `productPrice` and `marketPrice` are rupees (the catalog's rupee fields, as in the
 * delivery cart); totals are summed in whole paise by the same `lineTotals`.
 */

/** One line of a group: exactly the fields the grab cart has always stored. */
export interface GrabItem {
  productName: CartName;
  unitValue: number;
  image_url: string | null;
  unit: string;
  /** The account the shop is paid into, as the catalog gives it; null until it does. */
  account_id: string | null;
  productId: string;
  variantId: string;
  /** The product's category id (the delivery cart's `tciId`). */
  tci: string | null;
  /** Rupees. */
  productPrice: number;
  /** MRP in rupees. */
  marketPrice: number;
  inventory: number;
  alwaysInventory: boolean;
  /** GST percent included in the price. */
  tax: number;
  /** Units of this variant: 1 to `CART_LIMITS.maxPerLine`. */
  qty: number;
}

/** A product as shown in the shop, before it is in the cart. */
export type GrabProduct = Omit<GrabItem, 'qty'>;

/** The shop a product is added from; its name and category are kept from the first add. */
export interface GrabSeller {
  sellerId: string;
  sellerName: string;
  category: string | null;
}

export interface GrabGroup extends GrabSeller {
  /** Σ qty of this group's items, kept with the value so a list can show it without summing. */
  count: number;
  /** Never empty: a group whose last unit goes is removed. */
  items: GrabItem[];
}

export interface GrabCart {
  userMobile: string;
  /** One group per seller, never an empty one. */
  carts: GrabGroup[];
}

/** The delivery cart's outcomes, less `needsReplace`: another shop's item starts its own group. */
export type GrabCartOutcome = Exclude<CartOutcome, 'needsReplace'>;

export interface GrabCartResult {
  cart: GrabCart;
  /** `emptied` when the whole grab cart has no units left, not when only one group went. */
  outcome: GrabCartOutcome;
  /** On a limit: how many more units of that line could still go in (`unitsLeft`). */
  left?: number;
}

export function emptyGrabCart(userMobile: string): GrabCart {
  return { userMobile, carts: [] };
}

export function grabGroup(cart: GrabCart, sellerId: string): GrabGroup | undefined {
  return cart.carts.find((g) => g.sellerId === sellerId);
}

/** A group's total, count and savings, recomputed from its items: what that shop's payment is for. */
export function grabGroupTotals(group: GrabGroup): CartTotals {
  return lineTotals(
    group.items.map((i) => ({ quantity: i.qty, productPrice: i.productPrice, marketPrice: i.marketPrice })),
  );
}

/** Units in the whole grab cart, all shops (the badge on the grab-and-go tab). */
export function grabCartCount(cart: GrabCart): number {
  return cart.carts.reduce((n, g) => n + grabGroupTotals(g).count, 0);
}

/**
 * The lines to send for one shop (POST /api/cart/validate, POST /api/orders): a group is checked
 * and paid exactly like a delivery cart of that shop.
 */
export function grabGroupLines(
  group: GrabGroup,
): { vrntId: string; quantity: number; productPrice: number }[] {
  return group.items.map((i) => ({ vrntId: i.variantId, quantity: i.qty, productPrice: i.productPrice }));
}

/** The stored item, field by field, so whatever else the caller's object carries is not persisted. */
function grabItem(p: GrabProduct, qty: number): GrabItem {
  return {
    productName: p.productName,
    unitValue: p.unitValue,
    image_url: p.image_url,
    unit: p.unit,
    account_id: p.account_id,
    productId: p.productId,
    variantId: p.variantId,
    tci: p.tci,
    productPrice: p.productPrice,
    marketPrice: p.marketPrice,
    inventory: p.inventory,
    alwaysInventory: p.alwaysInventory,
    tax: p.tax,
    qty,
  };
}

/** The cart with this seller's items replaced: count recomputed, an empty group or cart removed. */
function withGroupItems(cart: GrabCart, seller: GrabSeller, items: GrabItem[]): GrabCart {
  const has = cart.carts.some((g) => g.sellerId === seller.sellerId);
  const next: GrabGroup = {
    sellerId: seller.sellerId,
    sellerName: seller.sellerName,
    count: 0,
    category: seller.category,
    items,
  };
  next.count = grabGroupTotals(next).count;
  const carts = has
    ? cart.carts.map((g) => (g.sellerId === seller.sellerId ? next : g))
    : [...cart.carts, next];
  const kept = carts.filter((g) => g.items.length > 0);
  return settle(cart, kept);
}

function settle(cart: GrabCart, carts: GrabGroup[]): GrabCart {
  return carts.length === 0 ? emptyGrabCart(cart.userMobile) : { userMobile: cart.userMobile, carts };
}

const afterRemoval = (cart: GrabCart): GrabCartOutcome => (cart.carts.length === 0 ? 'emptied' : 'removed');

/**
 * Add one unit: the seller's group (new at the end if it has none), a new line with qty 1 or the
 * line's qty + 1. The same checks in the same order as the delivery cart (`quantityRefusal`), the
 * 30 units counted in this seller's group only: each group is one shop's order, which the server
 * caps at 30 units like any cart, while a basket in another shop has no bearing on this one. A
 * refused add answers the unchanged cart.
 */
export function addToGrabCart(cart: GrabCart, seller: GrabSeller, product: GrabProduct): GrabCartResult {
  const group = grabGroup(cart, seller.sellerId);
  const items = group?.items ?? [];
  const current = items.find((i) => i.variantId === product.variantId)?.qty ?? 0;
  const groupCount = group ? grabGroupTotals(group).count : 0;
  const refusal = quantityRefusal(current + 1, groupCount + 1, product);
  if (refusal) return { cart, outcome: refusal, left: unitsLeft(current, groupCount, product) };
  // The line takes the product as just shown (fresh price and stock), as in the delivery cart.
  const next =
    current > 0
      ? items.map((i) => (i.variantId === product.variantId ? grabItem(product, i.qty + 1) : i))
      : [...items, grabItem(product, 1)];
  return { cart: withGroupItems(cart, group ?? seller, next), outcome: 'added' };
}

/** Remove one unit: the line goes at 0, the group with its last line, the cart with its last group. */
export function removeFromGrabCart(cart: GrabCart, sellerId: string, variantId: string): GrabCartResult {
  const group = grabGroup(cart, sellerId);
  if (!group?.items.some((i) => i.variantId === variantId)) return { cart, outcome: 'notInCart' };
  const items = group.items
    .map((i) => (i.variantId === variantId ? { ...i, qty: i.qty - 1 } : i))
    .filter((i) => i.qty > 0);
  const next = withGroupItems(cart, group, items);
  return { cart: next, outcome: afterRemoval(next) };
}

/**
 * Take out the variants the server answered BAD for, in one shop's group. None of them in the group
 * answers `notInCart` and the same cart; nothing left anywhere answers the empty cart.
 */
export function removeBadGrabItems(
  cart: GrabCart,
  sellerId: string,
  badVariantIds: Iterable<string>,
): GrabCartResult {
  const bad = new Set(badVariantIds);
  const group = grabGroup(cart, sellerId);
  if (!group?.items.some((i) => bad.has(i.variantId))) return { cart, outcome: 'notInCart' };
  const next = withGroupItems(
    cart,
    group,
    group.items.filter((i) => !bad.has(i.variantId)),
  );
  return { cart: next, outcome: afterRemoval(next) };
}

/** A whole group out, once that shop's order exists (the other shops' baskets stay). */
export function removeGrabGroup(cart: GrabCart, sellerId: string): GrabCartResult {
  const group = grabGroup(cart, sellerId);
  if (!group) return { cart, outcome: 'notInCart' };
  const next = withGroupItems(cart, group, []);
  return { cart: next, outcome: afterRemoval(next) };
}

export interface ValidatedGrabCart {
  cart: GrabCart;
  /** The BAD lines taken out, with the server's message, for the cart-items error view. */
  removed: { variantId: string; productName: CartName; message: string }[];
  /** A line kept whose price changed (the price-updated toast). */
  priceChanged: boolean;
}

/**
 * Applies POST /api/cart/validate's answer for one shop's group, as `applyValidation` does for the
 * delivery cart: kept lines take the price and stock the server read, BAD lines go
 * (`removeBadGrabItems`, so an answer that leaves nothing empties the cart).
 */
export function applyGrabValidation(
  cart: GrabCart,
  sellerId: string,
  results: readonly CartValidationLine[],
): ValidatedGrabCart {
  const group = grabGroup(cart, sellerId);
  if (!group) return { cart, removed: [], priceChanged: false };
  const byId = new Map(results.map((r) => [r.vrntId, r]));
  const removed: ValidatedGrabCart['removed'] = [];
  let priceChanged = false;
  const items = group.items.map((item) => {
    const r = byId.get(item.variantId);
    if (r?.status === 'BAD') {
      removed.push({ variantId: item.variantId, productName: item.productName, message: r.message });
      return item;
    }
    const fresh = withValidatedPrices(item, r);
    priceChanged ||= fresh.priceChanged;
    return fresh.line;
  });
  const refreshed = withGroupItems(cart, group, items);
  const { cart: next } = removeBadGrabItems(
    refreshed,
    sellerId,
    removed.map((r) => r.variantId),
  );
  return { cart: next, removed, priceChanged };
}

/**
 * A value read back from storage (already shape-checked by `grabCartSchema`) brought back inside the
 * rules: counts recomputed, one group per seller and one line per variant (the first wins), lines
 * cut back to the limits as the delivery cart's `parseStoredCart` does, empty groups dropped.
 * Stock is not re-checked here; validation before paying does that with fresh numbers.
 */
export function settleGrabCart(cart: GrabCart): GrabCart {
  const sellers = new Set<string>();
  const carts: GrabGroup[] = [];
  for (const group of cart.carts) {
    if (sellers.has(group.sellerId)) continue;
    sellers.add(group.sellerId);
    const variants = new Set<string>();
    const items: GrabItem[] = [];
    let count = 0;
    for (const item of group.items) {
      if (variants.has(item.variantId) || !Number.isInteger(item.qty) || item.qty < 1) continue;
      const qty = storedQuantity(item.qty, count);
      if (qty < 1) break;
      variants.add(item.variantId);
      count += qty;
      items.push(grabItem(item, qty));
    }
    if (items.length > 0) {
      carts.push({
        sellerId: group.sellerId,
        sellerName: group.sellerName,
        count,
        category: group.category,
        items,
      });
    }
  }
  return settle(cart, carts);
}

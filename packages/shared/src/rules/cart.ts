import { CART_LIMITS } from '../constants.ts';

/**
 * The delivery cart (docs/product.md#delivery-cart, #cart-messages, #cart-validation), as pure
 * functions: each takes a cart and answers `{ cart, outcome }` without changing its input. The app
 * keeps the cart in local storage as `cart` and maps each outcome to its toast; the server uses the
 * same limits when it mirrors or validates a cart.
 *
 * Amounts: `productPrice` and `marketPrice` are rupees (as the app's cart stores them); totals are summed in
 * whole paise so no float drift creeps in. `total` is exact (paise / 100); `savings` is rounded to
 * whole rupees as lists show it (docs/product.md#money).
 */

export type CartName = string | { en: string; ta: string };

/** A cart product (docs/product.md#delivery-cart): exactly these fields. */
export interface CartProduct {
  unitValue: number;
  name: CartName;
  image_url: string | null;
  unit: string;
  slrId: string;
  prdtId: string;
  vrntId: string;
  tciId: string | null;
  /** Rupees. */
  productPrice: number;
  /** MRP in rupees. */
  marketPrice: number;
  inventory: number;
  alwaysInventory: boolean;
}

export interface CartItem {
  quantity: number;
  product: CartProduct;
}

/** The delivery cart (docs/product.md#local-storage): items, total, count, cartId, sellerId, brandName, savings. */
export interface Cart {
  items: CartItem[];
  /** Σ productPrice × quantity, rupees. */
  total: number;
  /** Σ quantity: units, not lines (the 30 limit counts units, docs/product.md#delivery-cart). */
  count: number;
  /** The server's copy of this cart (PUT /api/cart), once it has one. */
  cartId: string | null;
  sellerId: string | null;
  brandName: string | null;
  /** Σ (marketPrice − productPrice) × quantity, rounded to whole rupees. */
  savings: number;
}

/** What happened, for the app's toast: red at the top for 3 s on a limit, green with a check on success. */
export type CartOutcome =
  | 'added'
  | 'removed'
  /** The last unit left: the cart is empty again, seller and brand included. */
  | 'emptied'
  | 'stockLimit'
  | 'lineLimit'
  | 'cartLimit'
  /** The item is from another seller: ask whether to replace the cart (`replaceCart`). */
  | 'needsReplace'
  | 'notInCart';

export const CART_LIMIT_OUTCOMES = ['stockLimit', 'lineLimit', 'cartLimit'] as const satisfies CartOutcome[];

/** Toast texts, exactly as docs/product.md#cart-messages gives them. */
export const CART_MESSAGES = {
  stockLimit: {
    en: 'Stock limit reached. Unable to add more.',
    ta: 'இருப்பு வரம்பை எட்டியது. மேலும் சேர்க்க முடியாது.',
  },
  lineLimit: {
    en: 'You can only add up to 20 units of this product',
    ta: 'இந்தப் பொருளில் அதிகபட்சம் 20 அலகுகள் மட்டுமே சேர்க்க முடியும்',
  },
  cartLimit: { en: 'You can store only 30 products', ta: 'வண்டியில் 30 பொருட்கள் மட்டுமே வைக்க முடியும்' },
  needsReplace: {
    en: 'Your cart has items from another shop. Replace them with this item?',
    ta: 'உங்கள் வண்டியில் வேறொரு கடையின் பொருட்கள் உள்ளன. அவற்றை நீக்கி இதைச் சேர்க்கவா?',
  },
  added: { en: 'Added to cart', ta: 'வண்டியில் சேர்க்கப்பட்டது' },
  removed: { en: 'Removed from cart', ta: 'வண்டியிலிருந்து நீக்கப்பட்டது' },
  emptied: { en: 'Your cart is empty', ta: 'உங்கள் வண்டி காலியாக உள்ளது' },
  notInCart: { en: 'This item is not in your cart', ta: 'இந்தப் பொருள் உங்கள் வண்டியில் இல்லை' },
} as const satisfies Record<CartOutcome, { en: string; ta: string }>;

export interface CartResult {
  cart: Cart;
  outcome: CartOutcome;
}

export const toPaise = (rupees: number): number => Math.round(rupees * 100);

/** An empty cart (docs/product.md#delivery-cart: zero total, count and savings; no seller, no brand). */
export function emptyCart(cartId: string | null = null): Cart {
  return { items: [], total: 0, count: 0, cartId, sellerId: null, brandName: null, savings: 0 };
}

/** What the totals need from a line, whichever cart it belongs to (the grab cart's lines are flat). */
export interface PricedLine {
  quantity: number;
  /** Rupees. */
  productPrice: number;
  /** MRP in rupees. */
  marketPrice: number;
}

export interface CartTotals {
  /** Σ productPrice × quantity, rupees, exact. */
  total: number;
  /** Σ quantity. */
  count: number;
  /** Σ (marketPrice − productPrice) × quantity, rounded to whole rupees. */
  savings: number;
}

/**
 * total, count and savings of any lines, in whole paise. Both carts sum through here so a grab group
 * and a delivery cart with the same lines can never disagree by a paisa.
 */
export function lineTotals(lines: Iterable<PricedLine>): CartTotals {
  let totalPaise = 0;
  let savingsPaise = 0;
  let count = 0;
  for (const { quantity, productPrice, marketPrice } of lines) {
    const price = toPaise(productPrice);
    totalPaise += price * quantity;
    savingsPaise += Math.max(0, toPaise(marketPrice) - price) * quantity;
    count += quantity;
  }
  return { total: totalPaise / 100, count, savings: Math.round(savingsPaise / 100) };
}

/** total, count and savings recomputed from the lines, in whole paise. */
export function cartTotals(items: readonly CartItem[]): Pick<Cart, 'total' | 'count' | 'savings'> {
  return lineTotals(
    items.map(({ quantity, product }) => ({
      quantity,
      productPrice: product.productPrice,
      marketPrice: product.marketPrice,
    })),
  );
}

/** The cart with its totals recomputed; no lines left resets it (docs/product.md#delivery-cart), keeping only the server id. */
function settle(cart: Cart, items: CartItem[]): Cart {
  if (items.length === 0) return emptyCart(cart.cartId);
  return { ...cart, items, ...cartTotals(items) };
}

export type CartLimitOutcome = (typeof CART_LIMIT_OUTCOMES)[number];

/**
 * Why a line of `lineQuantity` units cannot stand in a cart of `cartCount` units (both counted after
 * the change), or null when it can. The order of the checks decides which message a shopper sees
 * when several limits are hit at once, so every cart asks here.
 */
export function quantityRefusal(
  lineQuantity: number,
  cartCount: number,
  stock: { inventory: number; alwaysInventory: boolean },
): CartLimitOutcome | null {
  if (!stock.alwaysInventory && lineQuantity > stock.inventory) return 'stockLimit';
  if (lineQuantity > CART_LIMITS.maxPerLine) return 'lineLimit';
  if (cartCount > CART_LIMITS.maxPerCart) return 'cartLimit';
  return null;
}

/** Why one more unit of this product cannot go in, or null when it can (checks in the order of docs/product.md#delivery-cart). */
export function addRefusal(cart: Cart, product: CartProduct): CartLimitOutcome | null {
  const current = cart.items.find((i) => i.product.vrntId === product.vrntId)?.quantity ?? 0;
  return quantityRefusal(current + 1, cart.count + 1, product);
}

/**
 * Add one unit: a new line with quantity 1, or the line's quantity + 1 (docs/product.md#delivery-cart).
 * A refused add answers the unchanged cart (it changes nothing). Another seller's item answers
 * `needsReplace`; the app asks, then calls `replaceCart`.
 */
export function addToCart(cart: Cart, product: CartProduct, brandName: string): CartResult {
  if (cart.items.length > 0 && cart.sellerId !== null && cart.sellerId !== product.slrId) {
    return { cart, outcome: 'needsReplace' };
  }
  const refusal = addRefusal(cart, product);
  if (refusal) return { cart, outcome: refusal };
  const exists = cart.items.some((i) => i.product.vrntId === product.vrntId);
  // The line takes the product as just shown (fresh price and stock).
  const items = exists
    ? cart.items.map((i) => (i.product.vrntId === product.vrntId ? { quantity: i.quantity + 1, product } : i))
    : [...cart.items, { quantity: 1, product }];
  return {
    cart: settle(
      { ...cart, sellerId: product.slrId, brandName: cart.items.length ? cart.brandName : brandName },
      items,
    ),
    outcome: 'added',
  };
}

/** The answer "yes, replace": an empty cart (same server id) with this one item added. */
export function replaceCart(cart: Cart, product: CartProduct, brandName: string): CartResult {
  const result = addToCart(emptyCart(cart.cartId), product, brandName);
  // A refused add (no stock) leaves the old cart as it was.
  return result.outcome === 'added' ? result : { cart, outcome: result.outcome };
}

/** Remove one unit: the line's quantity − 1, deleted at 0; an empty cart resets (docs/product.md#delivery-cart). */
export function removeFromCart(cart: Cart, vrntId: string): CartResult {
  const line = cart.items.find((i) => i.product.vrntId === vrntId);
  if (!line) return { cart, outcome: 'notInCart' };
  const items = cart.items
    .map((i) => (i.product.vrntId === vrntId ? { ...i, quantity: i.quantity - 1 } : i))
    .filter((i) => i.quantity > 0);
  const next = settle(cart, items);
  return { cart: next, outcome: next.count === 0 ? 'emptied' : 'removed' };
}

/** One line of a validation answer (POST /api/cart/validate), as far as the cart needs it. */
export interface CartValidationLine {
  vrntId: string;
  status: 'OK' | 'BAD';
  message: string;
  /** Current price and stock, when the variant still exists. */
  productPrice?: number | null;
  marketPrice?: number | null;
  inventory?: number | null;
}

export interface ValidatedCart {
  cart: Cart;
  /** The BAD lines taken out, with the server's message, for the cart-items error view. */
  removed: { vrntId: string; name: CartName; message: string }[];
  /** A line kept whose price changed (the price-updated toast). */
  priceChanged: boolean;
}

/**
 * Applies a validation answer (docs/product.md#cart-validation): BAD lines are removed and, if none remain, the cart
 * resets. Lines kept take the current price and stock the server read.
 */
export function applyValidation(cart: Cart, results: readonly CartValidationLine[]): ValidatedCart {
  const byId = new Map(results.map((r) => [r.vrntId, r]));
  const removed: ValidatedCart['removed'] = [];
  const items: CartItem[] = [];
  let priceChanged = false;
  for (const item of cart.items) {
    const r = byId.get(item.product.vrntId);
    if (r?.status === 'BAD') {
      removed.push({ vrntId: item.product.vrntId, name: item.product.name, message: r.message });
      continue;
    }
    const fresh = withValidatedPrices(item.product, r);
    priceChanged ||= fresh.priceChanged;
    items.push({ quantity: item.quantity, product: fresh.line });
  }
  return { cart: settle(cart, items), removed, priceChanged };
}

/**
 * A kept line with the price, MRP and stock the server just read (a copy; fields the answer leaves
 * out stay as they were). `priceChanged` only when the price moved by at least a paisa, so float
 * noise in rupees never raises the price-updated toast.
 */
export function withValidatedPrices<
  T extends { productPrice: number; marketPrice: number; inventory: number },
>(line: T, result: CartValidationLine | undefined): { line: T; priceChanged: boolean } {
  const next = { ...line };
  let priceChanged = false;
  if (
    typeof result?.productPrice === 'number' &&
    toPaise(result.productPrice) !== toPaise(line.productPrice)
  ) {
    priceChanged = true;
    next.productPrice = result.productPrice;
  }
  if (typeof result?.marketPrice === 'number') next.marketPrice = result.marketPrice;
  if (typeof result?.inventory === 'number') next.inventory = result.inventory;
  return { line: next, priceChanged };
}

/** The lines the server wants (POST /api/cart/validate, PUT /api/cart, POST /api/orders). */
export function cartLines(cart: Cart): { vrntId: string; quantity: number; productPrice: number }[] {
  return cart.items.map((i) => ({
    vrntId: i.product.vrntId,
    quantity: i.quantity,
    productPrice: i.product.productPrice,
  }));
}

/**
 * How much of a stored line survives being read back after `countBefore` units already kept: cut to
 * the line and cart limits (a stored value may predate them or have been edited); under 1 means
 * the cart is full and the line goes.
 */
export function storedQuantity(quantity: number, countBefore: number): number {
  return Math.min(quantity, CART_LIMITS.maxPerLine, CART_LIMITS.maxPerCart - countBefore);
}

/**
 * A stored value with the cart's shape, totals recomputed; anything else is dropped (an old or
 * tampered value must not break the app). Lines over the limits are cut back to them.
 */
export function parseStoredCart(value: unknown): Cart | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<Cart>;
  if (!Array.isArray(v.items)) return null;
  const items: CartItem[] = [];
  let count = 0;
  const seen = new Set<string>();
  for (const raw of v.items as unknown[]) {
    const i = raw as Partial<CartItem> | null;
    const p = i?.product as Partial<CartProduct> | undefined;
    if (
      !i ||
      !p ||
      typeof i.quantity !== 'number' ||
      !Number.isInteger(i.quantity) ||
      i.quantity < 1 ||
      typeof p.vrntId !== 'string' ||
      typeof p.slrId !== 'string' ||
      typeof p.productPrice !== 'number' ||
      typeof p.marketPrice !== 'number' ||
      seen.has(p.vrntId)
    )
      continue;
    if (items.length > 0 && items[0]!.product.slrId !== p.slrId) continue;
    const quantity = storedQuantity(i.quantity, count);
    if (quantity < 1) break;
    seen.add(p.vrntId);
    count += quantity;
    items.push({ quantity, product: p as CartProduct });
  }
  const base: Cart = {
    ...emptyCart(typeof v.cartId === 'string' ? v.cartId : null),
    sellerId: items[0]?.product.slrId ?? null,
    brandName: typeof v.brandName === 'string' ? v.brandName : null,
  };
  return settle(base, items);
}

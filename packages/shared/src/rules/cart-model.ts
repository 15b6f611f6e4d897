// The delivery cart's shape (docs/product.md#delivery-cart, #local-storage).

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
  /** A line set to the quantity typed for it. */
  | 'set'
  /** The last unit left: the cart is empty again, seller and brand included. */
  | 'emptied'
  | 'stockLimit'
  | 'lineLimit'
  | 'cartLimit'
  /** The item is from another seller: ask whether to replace the cart (`replaceCart`). */
  | 'needsReplace'
  | 'notInCart';

export interface CartResult {
  cart: Cart;
  outcome: CartOutcome;
  /** On a limit: how many more units of that line could still go in (`unitsLeft`). */
  left?: number;
}

/** An empty cart (docs/product.md#delivery-cart: zero total, count and savings; no seller, no brand). */
export function emptyCart(cartId: string | null = null): Cart {
  return { items: [], total: 0, count: 0, cartId, sellerId: null, brandName: null, savings: 0 };
}

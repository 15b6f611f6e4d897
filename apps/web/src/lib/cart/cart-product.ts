import type { CartName, CartProduct } from '@petti/shared/rules/cart';
import { toPaise } from '@petti/shared/rules/cart';
import type { Product, Variant } from '@petti/shared/schemas/catalog';

/**
 * The app's glue around the shared cart rules (packages/shared rules/cart.ts): the cart product for
 * a catalog variant, a cart name in the user's language, and what counts as "the same cart" for
 * validation. The rules themselves (limits, totals, savings, one seller, validation) live only in
 * the shared module.
 */

/** The cart product (docs/marketplace.md "Delivery cart") for one variant of a catalog product, at the price just shown. */
export function cartProductOf(product: Product, variant: Variant): CartProduct {
  return {
    unitValue: variant.unitValue,
    name: product.name,
    image_url: product.image_url,
    unit: variant.unit,
    slrId: product.slrId,
    prdtId: product.prdtId,
    vrntId: variant.vrntId,
    tciId: product.tciId,
    productPrice: variant.productPrice,
    marketPrice: variant.marketPrice,
    inventory: variant.inventory,
    alwaysInventory: variant.alwaysInventory,
  };
}

export function cartNameText(name: CartName, language: string | undefined): string {
  if (typeof name === 'string') return name;
  return (language === 'ta' && name.ta) || name.en;
}

/** Rupees (the cart's unit) to paise, for the money formatters. */
export const rupeesToPaise = toPaise;

/** What was validated: seller, lines and prices. A different fingerprint must be validated again. */
export function cartFingerprint(cart: {
  sellerId: string | null;
  items: { quantity: number; product: CartProduct }[];
}): string {
  return JSON.stringify([
    cart.sellerId,
    cart.items.map((i) => [i.product.vrntId, i.quantity, toPaise(i.product.productPrice)]),
  ]);
}

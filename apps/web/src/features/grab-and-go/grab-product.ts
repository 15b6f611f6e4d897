import type { GrabProduct, GrabSeller } from '@petti/shared/rules/grab-cart';
import type { Product, Seller, Variant } from '@petti/shared/schemas/catalog';

/** The grab cart's item for one variant of a catalog product, at the price just shown. */
export function grabProductOf(product: Product, variant: Variant): GrabProduct {
  return {
    productName: product.name,
    unitValue: variant.unitValue,
    image_url: product.image_url,
    unit: variant.unit,
    // The catalog does not name the shop's payment account (payments go through Petti's provider).
    account_id: null,
    productId: product.prdtId,
    variantId: variant.vrntId,
    tci: product.tciId,
    productPrice: variant.productPrice,
    marketPrice: variant.marketPrice,
    inventory: variant.inventory,
    alwaysInventory: variant.alwaysInventory,
    tax: variant.tax,
  };
}

/** The shop a grab-cart group belongs to; its name is kept in English as the group's `sellerName`. */
export function grabSellerOf(
  product: Pick<Product, 'sellerId' | 'brandName' | 'categoryId'>,
  seller?: Seller,
): GrabSeller {
  return {
    sellerId: product.sellerId,
    sellerName: seller?.brandName ?? product.brandName,
    category: seller?.categoryId ?? product.categoryId,
  };
}

/** The shop link an entrance QR code carries: the app's own address, so a phone camera opens it too. */
export function shopEntranceUrl(origin: string, sellerId: string): string {
  return `${origin}/Grab&Go?shop=${encodeURIComponent(sellerId)}`;
}

/** The shop named by a scanned entrance QR code, or null when it is some other code. */
export function shopFromEntranceCode(code: string): string | null {
  try {
    const url = new URL(code);
    if (!url.pathname.endsWith('/Grab&Go') && !url.pathname.endsWith('/Grab%26Go')) return null;
    return url.searchParams.get('shop');
  } catch {
    return null;
  }
}

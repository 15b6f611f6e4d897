import { STORAGE_KEYS } from '@petti/shared/constants';
import { addToCart, type CartProduct, emptyCart } from '@petti/shared/rules/cart';
import type { Product, Seller } from '@petti/shared/schemas/catalog';
import { knownShopKey, rememberShop } from '../../apps/web/src/lib/shop/known-shop.ts';
import { memoryStorage } from '../../apps/web/src/lib/storage.ts';
import { shutUntilLater } from '../e2e/shopper.ts';

/**
 * The first screens the benchmarks open as a shopper has them (lighthouse.ts, profile.ts).
 *
 * `/MyCart@closed` is the cart holding two packs of a shop that is shut now (night ordering: "closed
 * now, order for when it opens"), put in local storage with the shop as the app last read it
 * (lib/shop/known-shop.ts), as a shopper who filled it on the product page has it.
 */

/** The cart of a shut shop (see above): its screen is `/MyCart`. */
export const CLOSED_CART = '/MyCart@closed';
export const NIGHT_SHOP = {
  id: 'ganesh-hot-chips',
  product: 'ganesh-banana-chips',
  variant: 'ganesh-banana-chips-250g',
};
/**
 * Local storage of a phone that filled a cart at the night shop from its product page: the cart
 * (the shared cart rule's own) and the shop as the app last read it.
 */
export async function closedCartStorage(baseUrl: string): Promise<Record<string, string>> {
  const read = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`);
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return (await res.json()) as T;
  };
  const { seller } = await read<{ seller: Seller }>(`/api/sellers/${NIGHT_SHOP.id}`);
  const answer = await read<{ product: Product } | Product>(`/api/products/${NIGHT_SHOP.product}`);
  const product = 'product' in answer ? answer.product : answer;
  const v = product.variants.find((x) => x.vrntId === NIGHT_SHOP.variant)!;
  const pack: CartProduct = {
    unitValue: v.unitValue,
    name: product.name,
    image_url: product.image_url,
    unit: v.unit,
    slrId: product.sellerId,
    prdtId: product.id,
    vrntId: v.vrntId,
    tciId: product.categoryId,
    productPrice: v.productPrice,
    marketPrice: v.marketPrice,
    inventory: v.inventory,
    alwaysInventory: v.alwaysInventory,
  };
  let cart = emptyCart();
  for (let i = 0; i < 2; i++) cart = addToCart(cart, pack, seller.brandName).cart;
  const kept = memoryStorage();
  rememberShop(kept, seller);
  const key = knownShopKey(seller.id);
  return { [STORAGE_KEYS.cart]: JSON.stringify(cart), [key]: kept.getItem(key)! };
}

/** Shuts the night shop for the next hours (it opens two hours from now) on the bench's own server. */
export async function shutNightShop(baseUrl: string): Promise<void> {
  await shutUntilLater(baseUrl, NIGHT_SHOP.id);
}

/** A shop's board and the locker console, opened by their demo people (README's demo numbers). */
export const STAFF_BOARD = '/shop/sri-murugan-stores';
export const OPERATOR_CONSOLE = '/operator/lockers';
export const DEMO_PEOPLE = { staff: '919443310002', operator: '919443310009' } as const;

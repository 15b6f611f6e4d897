import { CART_LIMITS, TOAST_DEFAULTS } from '@petti/shared/constants';
import type { Cart, CartOutcome, CartProduct } from '@petti/shared/rules/cart';
import { useCallback } from 'react';
import { useStore } from 'zustand';
import { useTranslation } from '../i18n/react.tsx';
import { confirm } from '../ui/dialog-store.ts';
import { toast } from '../ui/toast-store.ts';
import { cartStore } from './cart.ts';

export function useCart(): Cart {
  return useStore(cartStore, (s) => s.cart);
}

/** How many of this variant are in the cart (0 when none). */
export function useQuantityInCart(vrntId: string): number {
  return useStore(cartStore, (s) => s.cart.items.find((i) => i.product.vrntId === vrntId)?.quantity ?? 0);
}

/** The toast ids: a second refusal replaces the first instead of stacking. */
const LIMIT_TOAST = 'cart-limit';
const ADDED_TOAST = 'cart-added';

type LimitKey = 'stock' | 'line' | 'cart';
/** Only the limit keys: the full `t` type is too deep for TypeScript to check against here. */
type Translate = (
  key: `cart.limits.${LimitKey}` | `cart.limitsLeft.${LimitKey}` | `cart.limitsFull.${LimitKey}`,
  options?: { count: number },
) => string;

const LIMIT_KEYS: Partial<Record<CartOutcome, LimitKey>> = {
  stockLimit: 'stock',
  lineLimit: 'line',
  cartLimit: 'cart',
};

/**
 * The limit messages in the user's language, for the outcomes that are limits, then how many more
 * could still go in (`left`, from the shared rule) or that none can.
 */
export function limitText(outcome: CartOutcome, t: Translate, left?: number): string | null {
  const key = LIMIT_KEYS[outcome];
  if (!key) return null;
  const rule = t(`cart.limits.${key}`);
  if (left === undefined) return rule;
  const room =
    left > 0
      ? t(`cart.limitsLeft.${key}`, { count: left })
      : t(`cart.limitsFull.${key}`, {
          count: key === 'cart' ? CART_LIMITS.maxPerCart : CART_LIMITS.maxPerLine,
        });
  // The rule's own words stay as they are (docs/product.md#cart-messages); the count follows.
  return `${rule.replace(/[.\s]*$/, '.')} ${room}`;
}

/** A limit is a red toast at the top for 3 s; it replaces any "added" toast still showing. */
export function showLimit(text: string): void {
  toast.dismiss(ADDED_TOAST);
  toast.error(text, { id: LIMIT_TOAST, timeoutMs: TOAST_DEFAULTS.cartLimitTimeoutMs, position: 'top' });
}

/**
 * Add and remove with feedback: a refused add is a red toast at the top for 3 s with
 * the rule's message; a done add is a green toast with a check; an item from another shop asks
 * whether to replace the cart.
 */
export function useCartActions() {
  const { t } = useTranslation();

  const add = useCallback(
    async (product: CartProduct, brandName: string): Promise<boolean> => {
      let result = cartStore.add(product, brandName);
      if (result.outcome === 'needsReplace') {
        const current = cartStore.getState().cart.brandName;
        const answer = await confirm({
          title: t('shop.replaceTitle'),
          message: t('shop.replaceBody', { current, next: brandName }),
          confirmLabel: t('shop.replaceConfirm'),
          cancelLabel: t('shop.replaceKeep'),
        });
        if (answer !== 'confirm') return false;
        result = cartStore.replaceWith(product, brandName);
      }
      if (result.outcome === 'added') {
        toast.dismiss(LIMIT_TOAST);
        toast.success(t('shop.added'), { id: ADDED_TOAST });
        return true;
      }
      const text = limitText(result.outcome, t, result.left);
      if (text) showLimit(text);
      return false;
    },
    [t],
  );

  const remove = useCallback((vrntId: string) => {
    cartStore.remove(vrntId);
  }, []);

  /** A typed quantity: set, or refused with the limit's toast (answers whether it was set). */
  const setQuantity = useCallback(
    (vrntId: string, quantity: number): boolean => {
      const result = cartStore.setQuantity(vrntId, quantity);
      const text = limitText(result.outcome, t, result.left);
      if (text) showLimit(text);
      return !text;
    },
    [t],
  );

  return { add, remove, setQuantity };
}

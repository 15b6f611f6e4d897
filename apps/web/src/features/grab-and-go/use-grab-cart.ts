import type { GrabProduct, GrabSeller } from '@petti/shared/rules/grab-cart';
import { useCallback, useEffect } from 'react';
import { useStore } from 'zustand';
import { limitText, showLimit } from '../../lib/cart/use-cart.ts';
import { useMe } from '../../lib/current-user.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { toast } from '../../lib/ui/toast-store.ts';
import { grabCart, grabCartStore, openGrabCart } from './grab-cart-store.ts';

/** The grab cart of the signed-in shopper (read from storage once their number is known). */
export function useGrabCart() {
  const me = useMe();
  const phone = me.data?.phone;
  useEffect(() => {
    if (phone) openGrabCart(phone);
  }, [phone]);
  return useStore(grabCartStore, (s) => s.cart);
}

export function useGrabQuantity(sellerId: string, variantId: string): number {
  return useStore(
    grabCartStore,
    (s) =>
      s.cart.carts.find((g) => g.sellerId === sellerId)?.items.find((i) => i.variantId === variantId)?.qty ??
      0,
  );
}

/** Add and remove with the delivery cart's feedback: limits are the same red toast with the same words. */
export function useGrabActions() {
  const { t } = useTranslation();
  const add = useCallback(
    (seller: GrabSeller, product: GrabProduct): boolean => {
      const result = grabCart.add(seller, product);
      if (result.outcome === 'added') {
        toast.success(t('shop.added'), { id: 'grab-added' });
        return true;
      }
      const text = limitText(result.outcome, t);
      if (text) showLimit(text);
      return false;
    },
    [t],
  );
  const remove = useCallback(
    (sellerId: string, variantId: string) => grabCart.remove(sellerId, variantId),
    [],
  );
  return { add, remove };
}

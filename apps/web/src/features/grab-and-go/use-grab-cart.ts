import type { GrabProduct, GrabSeller } from '@petti/shared/rules/grab-cart';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useStore } from 'zustand';
import { limitText, showLimit } from '../../lib/cart/use-cart.ts';
import { getMe, meQueryKey, useMe } from '../../lib/current-user.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { toast } from '../../lib/ui/toast-store.ts';
import { grabCart, grabCartStore, openGrabCart } from './grab-cart-store.ts';

/** Reads the signed-in shopper's stored grab cart once their number is known. */
function useOpenGrabCart(): void {
  const phone = useMe().data?.phone;
  useEffect(() => {
    if (phone) openGrabCart(phone);
  }, [phone]);
}

/** The grab cart of the signed-in shopper (read from storage once their number is known). */
export function useGrabCart() {
  useOpenGrabCart();
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

/**
 * Add and remove with the delivery cart's feedback: limits are the same red toast with the same words.
 * Any screen may change the basket, opened straight from a link or a reload too: the shopper's stored
 * basket is read first (who they are may still be on its way), so nothing said "added" is lost.
 */
export function useGrabActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Opens the basket without following it: a shelf of steppers is not redrawn for every change.
  useOpenGrabCart();
  const opened = useCallback(async (): Promise<boolean> => {
    if (grabCartStore.getState().cart.userMobile !== '') return true;
    const me = await queryClient
      .ensureQueryData({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) })
      .catch(() => null);
    if (me?.phone) openGrabCart(me.phone);
    return grabCartStore.getState().cart.userMobile !== '';
  }, [queryClient]);
  const add = useCallback(
    async (seller: GrabSeller, product: GrabProduct): Promise<boolean> => {
      if (!(await opened())) {
        toast.error(t('grab.basketNotReady'), { id: 'grab-not-ready' });
        return false;
      }
      const result = grabCart.add(seller, product);
      if (result.outcome === 'added') {
        toast.success(t('grab.addedToBasket'), { id: 'grab-added' });
        return true;
      }
      const text = limitText(result.outcome, t, result.left);
      if (text) showLimit(text);
      return false;
    },
    [t, opened],
  );
  const remove = useCallback(
    async (sellerId: string, variantId: string) => {
      if (await opened()) grabCart.remove(sellerId, variantId);
    },
    [opened],
  );
  return { add, remove };
}

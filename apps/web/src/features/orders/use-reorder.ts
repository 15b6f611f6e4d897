import { ROUTES } from '@petti/shared/routes';
import type { Order } from '@petti/shared/schemas/orders';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cartStore } from '../../lib/cart/cart.ts';
import { cartProductOf } from '../../lib/cart/cart-product.ts';
import { limitText, showLimit } from '../../lib/cart/use-cart.ts';
import { nameIn, shopNameOf } from '../../lib/orders/order-text.ts';
import { getProduct } from '../../lib/shop/shop-api.ts';
import { confirm } from '../../lib/ui/dialog-store.ts';
import { toast } from '../../lib/ui/toast-store.ts';

/**
 * Reorder (docs/product.md#reorder): each item goes back in the cart at today's
 * price and stock, one unit at a time through the shared cart rules, so the limits hold (stock, 20 a
 * line, 30 a cart). Items no longer sold are left out and said so. Another shop's cart is replaced
 * only after asking. Then /MyCart.
 */
export function useReorder() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const reorder = useCallback(
    async (order: Order) => {
      const language = i18n.resolvedLanguage;
      const brandName = order.seller.brandName;
      const current = cartStore.getState().cart;
      if (current.items.length > 0 && current.sellerId !== order.sellerId) {
        const answer = await confirm({
          title: t('shop.replaceTitle'),
          message: t('shop.replaceBody', { current: current.brandName, next: shopNameOf(order, language) }),
          confirmLabel: t('shop.replaceConfirm'),
          cancelLabel: t('shop.replaceKeep'),
        });
        if (answer !== 'confirm') return;
        cartStore.clear();
      }
      setPending(true);
      const skipped: string[] = [];
      let limit: string | null = null;
      try {
        for (const item of order.items) {
          const product = await getProduct(item.productId).catch(() => null);
          const variant = product?.variants.find((v) => v.vrntId === item.vrntId);
          if (!product || !variant) {
            skipped.push(nameIn(item.name, language));
            continue;
          }
          const cartProduct = cartProductOf(product, variant);
          for (let n = 0; n < item.quantity; n++) {
            const { outcome } = cartStore.add(cartProduct, brandName);
            if (outcome !== 'added') {
              limit ??= limitText(outcome, t);
              break;
            }
          }
        }
      } finally {
        setPending(false);
      }
      if (skipped.length > 0)
        toast.error(t('orders.reorderSkipped', { items: skipped.join(', ') }), { id: 'reorder' });
      if (limit) showLimit(limit);
      else if (skipped.length === 0) toast.success(t('orders.reordered'), { id: 'reorder' });
      navigate(ROUTES.myCart);
    },
    [t, i18n.resolvedLanguage, navigate],
  );

  return { reorder, pending };
}

import { ROUTES } from '@petti/shared/routes';
import { type CartOutcome, toPaise } from '@petti/shared/rules/cart';
import { reorderItemsOf, repriced } from '@petti/shared/rules/reorder';
import type { Order } from '@petti/shared/schemas/orders';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { cartStore } from '../../lib/cart/cart.ts';
import { cartProductOf } from '../../lib/cart/cart-product.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { nameIn, shopNameOf } from '../../lib/orders/order-text.ts';
import { rupees } from '../../lib/shop/price.tsx';
import { getProduct } from '../../lib/shop/shop-api.ts';
import { confirm } from '../../lib/ui/dialog-store.ts';
import { toast } from '../../lib/ui/toast-store.ts';

/** Why a line came back short, by the cart's refusal (none of its first unit in stock: sold out). */
const SHORT_BECAUSE: Partial<Record<CartOutcome, 'stock' | 'line' | 'cart'>> = {
  stockLimit: 'stock',
  lineLimit: 'line',
  cartLimit: 'cart',
};

/**
 * Reorder (docs/product.md#reorder): each item (the seed's reorder fields, shared rules/reorder.ts) goes
 * back in the cart at today's price and stock, one unit at a time through the shared cart rules, so the limits hold (stock, 20 a
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
      const repricedNames: string[] = [];
      /** Each item that came back short, with how many and why: the shopper sees what is missing. */
      const short: string[] = [];
      try {
        for (const item of reorderItemsOf(order)) {
          const product = await getProduct(item.prdtId).catch(() => null);
          const variant = product?.variants.find((v) => v.vrntId === item.vrntId);
          if (!product || !variant) {
            skipped.push(nameIn(item.prdtName, language));
            continue;
          }
          const cartProduct = cartProductOf(product, variant);
          if (repriced(item, cartProduct.productPrice))
            repricedNames.push(
              t('orders.reorderRepricedItem', {
                item: nameIn(item.prdtName, language),
                was: rupees(toPaise(item.price)),
                now: rupees(toPaise(cartProduct.productPrice)),
              }),
            );
          for (let n = 0; n < item.qnty; n++) {
            const { outcome } = cartStore.add(cartProduct, brandName);
            if (outcome !== 'added') {
              short.push(
                t('orders.reorderShortItem', {
                  item: nameIn(item.prdtName, language),
                  got: n,
                  wanted: item.qnty,
                  why: t(
                    `orders.reorderWhy.${outcome === 'stockLimit' && n === 0 ? 'soldOut' : (SHORT_BECAUSE[outcome] ?? 'cart')}`,
                  ),
                }),
              );
              break;
            }
          }
        }
      } finally {
        setPending(false);
      }
      if (skipped.length > 0)
        toast.error(t('orders.reorderSkipped', { items: skipped.join(', ') }), { id: 'reorder' });
      // Today's price is what the cart takes; a line that moved since the order is named with both.
      if (repricedNames.length > 0)
        toast.info(t('orders.reorderRepriced', { items: repricedNames.join(', ') }), { id: 'reorder-price' });
      if (short.length > 0)
        toast.error(t('orders.reorderShort', { items: short.join('; ') }), {
          id: 'reorder-short',
          timeoutMs: 0,
        });
      else if (skipped.length === 0) toast.success(t('orders.reordered'), { id: 'reorder' });
      navigate(ROUTES.myCart);
    },
    [t, i18n.resolvedLanguage, navigate],
  );

  return { reorder, pending };
}

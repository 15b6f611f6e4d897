import { ROUTES } from '@petti/shared/routes';
import type { CartValidationLine } from '@petti/shared/rules/cart';
import { type GrabGroup, grabGroupLines } from '@petti/shared/rules/grab-cart';
import { useState } from 'react';
import { generatePath } from 'react-router';
import { isApiError } from '../../lib/api-error.ts';
import { cartNameText } from '../../lib/cart/cart-product.ts';
import { startCheckout } from '../../lib/checkout/checkout.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { useOnlineStatus } from '../../lib/use-online-status.ts';
import { checkoutGrab } from './grab-api.ts';
import { grabCart } from './grab-cart-store.ts';

/**
 * Paying one shop's basket (docs/grab-and-go.md#paying): the server re-checks every line; BAD lines leave
 * the basket with the server's words, a changed price is taken and announced, and only an unchanged
 * basket goes on to the provider's checkout. The basket stays in the cart until the payment is captured.
 */
export function usePayBasket() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const online = useOnlineStatus();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ sellerId: string; text: string; removed: string[] } | null>(null);

  async function pay(group: GrabGroup) {
    setProblem(null);
    if (!online) {
      setProblem({ sellerId: group.sellerId, text: t('grab.pay.offline'), removed: [] });
      return;
    }
    setBusy(group.sellerId);
    try {
      const purchase = await checkoutGrab({ sellerId: group.sellerId, items: grabGroupLines(group) });
      await startCheckout(purchase.payment!, {
        returnTo: generatePath(ROUTES.grabPass, { id: purchase.id }),
        description: t('grab.pay.description', { shop: group.sellerName }),
      });
    } catch (error) {
      const items = isApiError(error) ? (error.details.items as CartValidationLine[] | undefined) : undefined;
      if (
        items &&
        isApiError(error) &&
        (error.code === 'cartItemsError' || error.code === 'PaymentUpdatedException')
      ) {
        const validated = grabCart.applyValidation(group.sellerId, items);
        const text = validated.removed.length
          ? t('grab.pay.removed', { count: validated.removed.length })
          : t('cart.priceUpdated');
        setProblem({
          sellerId: group.sellerId,
          text,
          removed: validated.removed.map((r) => {
            // The server words each line in both languages; the English one is the rule's fallback.
            const words = (items as Array<{ vrntId: string; messages?: { en: string; ta: string } }>).find(
              (i) => i.vrntId === r.variantId,
            )?.messages;
            const message = i18n.resolvedLanguage === 'ta' && words ? words.ta : r.message;
            return `${cartNameText(r.productName, i18n.resolvedLanguage)}: ${message}`;
          }),
        });
      } else {
        setProblem({ sellerId: group.sellerId, text: errorText(error), removed: [] });
      }
    } finally {
      setBusy(null);
    }
  }

  return { pay, busy, problem };
}

import { ROUTES } from '@petti/shared/routes';
import type { Cart } from '@petti/shared/rules/cart';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-error.ts';
import { cartStore } from '../../lib/cart/cart.ts';
import { checkLinesOf, validateCart } from '../../lib/cart/cart-api.ts';
import { cartNameText } from '../../lib/cart/cart-product.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { toast } from '../../lib/ui/toast-store.ts';

export type ValidateOutcome = 'ok' | 'changed' | 'failed';

export const PRICE_UPDATED_TOAST = 'price-updated';

/**
 * The price changed since the cart was filled (PaymentUpdatedException, docs/product.md#cart-validation): a
 * toast that stays until dismissed, whose Refresh goes to /MyCart with the cart's prices read again.
 */
export function usePriceUpdatedToast() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    toast.info(t('cart.priceUpdated'), {
      id: PRICE_UPDATED_TOAST,
      timeoutMs: 0,
      actions: [
        {
          label: t('cart.refresh'),
          onClick: () => {
            void queryClient.invalidateQueries({ queryKey: ['orderQuote'] });
            navigate(ROUTES.myCart);
          },
        },
      ],
    });
  }, [t, navigate, queryClient]);
}

/**
 * "Validate & pay" (docs/product.md#cart-validation): POST /api/cart/validate re-reads stock, prices and the
 * shop's hours. BAD lines leave the cart with their messages; a changed price raises the price-updated toast.
 */
export function useValidateBeforePay() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const priceUpdated = usePriceUpdatedToast();
  const [pending, setPending] = useState(false);

  const run = useCallback(
    async (cart: Cart, options: { whenShopOpens?: boolean } = {}): Promise<ValidateOutcome> => {
      setPending(true);
      try {
        const results = await validateCart(cart, options);
        const { removed, priceChanged } = cartStore.applyValidation(results);
        if (removed.length > 0) {
          // docs/product.md#cart-validation: BAD lines leave the cart; their messages say why (the cart-items
          // error view).
          const language = i18n.resolvedLanguage;
          const said = new Map(results.map((r) => [r.vrntId, language === 'ta' ? r.messages.ta : r.message]));
          const lines = removed.map(
            (r) => `${cartNameText(r.name, language)}: ${said.get(r.vrntId) ?? r.message}`,
          );
          toast.error([t('cart.itemsRemoved'), ...lines].join('\n'), {
            id: 'cart-items-error',
            timeoutMs: 0,
          });
          return 'changed';
        }
        if (priceChanged) {
          priceUpdated();
          return 'changed';
        }
        return 'ok';
      } catch (error) {
        if (isApiError(error) && error.code === 'PaymentUpdatedException') {
          // The cart takes today's prices now; the toast's Refresh shows them on /MyCart.
          cartStore.applyValidation(checkLinesOf(error.details));
          priceUpdated();
          return 'changed';
        }
        const text =
          isApiError(error) && error.code === 'ConditionalCheckFailedException'
            ? t('cart.tryAgain')
            : errorText(error);
        toast.error(text, { id: 'cart-validate-failed' });
        return 'failed';
      } finally {
        setPending(false);
      }
    },
    [t, i18n.resolvedLanguage, errorText, priceUpdated],
  );

  return { run, pending };
}

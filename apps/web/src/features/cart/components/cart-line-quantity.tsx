import { CART_LIMITS } from '@petti/shared/constants';
import type { CartProduct } from '@petti/shared/rules/cart';
import { useEffect, useState } from 'react';
import { CartStepper } from '../../../lib/cart/cart-stepper.tsx';
import { useCartActions, useQuantityInCart } from '../../../lib/cart/use-cart.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';

/**
 * A cart line's quantity as the shopper wants to change it: − and + one at a time, the number typed
 * (kept when Enter is pressed or the field is left; a limit refuses it with its message and the old
 * number comes back), and Remove for the whole line, with Undo.
 */
export function CartLineQuantity({
  product,
  brandName,
  label,
}: {
  product: CartProduct;
  brandName: string;
  label: string;
}) {
  const { t } = useTranslation();
  const quantity = useQuantityInCart(product.vrntId);
  const { add, setQuantity } = useCartActions();
  const [typed, setTyped] = useState(String(quantity));
  const id = product.vrntId;
  useEffect(() => setTyped(String(quantity)), [quantity]);

  const keep = () => {
    if (!/^\d+$/.test(typed)) return setTyped(String(quantity));
    const wanted = Number.parseInt(typed, 10);
    if (wanted === quantity) return;
    if (wanted === 0) return removeLine();
    if (!setQuantity(id, wanted)) setTyped(String(quantity));
  };
  const removeLine = () => {
    const had = quantity;
    setQuantity(id, 0);
    toast.success(t('cart.line.removed', { name: label }), {
      id: `cart-removed-${id}`,
      actions: [
        {
          label: t('cart.line.undo'),
          onClick: () => {
            void add(product, brandName).then((back) => {
              if (back && had > 1) setQuantity(id, had);
            });
          },
        },
      ],
    });
  };

  return (
    <div className="cart-qty">
      <CartStepper
        product={product}
        brandName={brandName}
        label={label}
        onRemoveLast={removeLine}
        count={
          <input
            className="stepper__count stepper__input"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={String(CART_LIMITS.maxPerLine).length}
            value={typed}
            onChange={(e) => setTyped(e.target.value.replace(/\D/g, ''))}
            onBlur={keep}
            onKeyDown={(e) => {
              if (e.key === 'Enter') keep();
            }}
            aria-label={t('cart.line.quantity', { name: label })}
            data-testid={`qty-${id}`}
          />
        }
      />
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={removeLine}
        aria-label={t('cart.line.removeNamed', { name: label })}
        data-testid={`remove-${id}`}
      >
        {t('cart.line.remove')}
      </button>
    </div>
  );
}

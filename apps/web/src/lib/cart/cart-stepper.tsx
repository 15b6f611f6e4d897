import type { CartProduct } from '@petti/shared/rules/cart';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useCartActions, useQuantityInCart } from './use-cart.ts';

/** "Add", then − quantity +, for one variant (+1 / −1; the line goes at 0). */
export function CartStepper({
  product,
  brandName,
  label,
  disabled,
  count,
  onRemoveLast,
}: {
  product: CartProduct;
  brandName: string;
  /** The product's name, for the buttons' accessible names. */
  label: string;
  disabled?: boolean;
  /** What stands between − and + (the cart's typed quantity); the number by default. */
  count?: ReactNode;
  /** What − does to the last unit (the cart's remove with Undo); the line just goes by default. */
  onRemoveLast?: () => void;
}) {
  const { t } = useTranslation();
  const quantity = useQuantityInCart(product.vrntId);
  const { add, remove } = useCartActions();
  const id = product.vrntId;
  if (quantity === 0) {
    return (
      <button
        type="button"
        className="button button--primary button--small stepper__add"
        onClick={() => void add(product, brandName)}
        disabled={disabled}
        aria-label={t('shop.addNamed', { name: label })}
        data-testid={`add-${id}`}
      >
        {t('shop.add')}
      </button>
    );
  }
  return (
    <fieldset className="stepper" aria-label={t('shop.inCart', { count: quantity })}>
      <button
        type="button"
        className="stepper__button"
        onClick={() => (quantity === 1 && onRemoveLast ? onRemoveLast() : remove(id))}
        aria-label={t('shop.removeOne', { name: label })}
        data-testid={`dec-${id}`}
      >
        −
      </button>
      {count ?? (
        <output className="stepper__count" aria-live="polite" data-testid={`qty-${id}`}>
          {quantity}
        </output>
      )}
      <button
        type="button"
        className="stepper__button"
        onClick={() => void add(product, brandName)}
        aria-label={t('shop.addOne', { name: label })}
        data-testid={`inc-${id}`}
      >
        +
      </button>
    </fieldset>
  );
}

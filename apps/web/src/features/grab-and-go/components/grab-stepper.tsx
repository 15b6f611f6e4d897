import type { GrabProduct, GrabSeller } from '@petti/shared/rules/grab-cart';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useGrabActions, useGrabQuantity } from '../use-grab-cart.ts';

/** "Add", then − quantity +, for one variant in one shop's grab basket. */
export function GrabStepper({
  seller,
  product,
  label,
}: {
  seller: GrabSeller;
  product: GrabProduct;
  label: string;
}) {
  const { t } = useTranslation();
  const qty = useGrabQuantity(seller.sellerId, product.variantId);
  const { add, remove } = useGrabActions();
  const id = product.variantId;
  if (qty === 0) {
    return (
      <button
        type="button"
        className="button button--primary button--small stepper__add"
        onClick={() => void add(seller, product)}
        aria-label={t('shop.addNamed', { name: label })}
        data-testid={`grab-add-${id}`}
      >
        {t('shop.add')}
      </button>
    );
  }
  return (
    <fieldset className="stepper" aria-label={t('shop.inCart', { count: qty })}>
      <button
        type="button"
        className="stepper__button"
        onClick={() => void remove(seller.sellerId, id)}
        aria-label={t('shop.removeOne', { name: label })}
        data-testid={`grab-dec-${id}`}
      >
        −
      </button>
      <output className="stepper__count" aria-live="polite" data-testid={`grab-qty-${id}`}>
        {qty}
      </output>
      <button
        type="button"
        className="stepper__button"
        onClick={() => void add(seller, product)}
        aria-label={t('shop.addNamed', { name: label })}
        data-testid={`grab-inc-${id}`}
      >
        +
      </button>
    </fieldset>
  );
}

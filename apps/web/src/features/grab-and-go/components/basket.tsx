import { ROUTES } from '@petti/shared/routes';
import { type GrabGroup, grabGroupTotals } from '@petti/shared/rules/grab-cart';
import { Link } from 'react-router';
import { cartNameText } from '../../../lib/cart/cart-product.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { rupees } from '../../../lib/shop/price.tsx';
import { unitLabel } from '../../../lib/shop/product-text.ts';
import type { usePayBasket } from '../use-pay-basket.ts';
import { GrabStepper } from './grab-stepper.tsx';

/** One shop's basket: its lines with steppers, the all-in total, and Pay (each shop is paid on its own). */
export function Basket({
  group,
  payer,
  showShop,
}: {
  group: GrabGroup;
  payer: ReturnType<typeof usePayBasket>;
  showShop?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const totals = grabGroupTotals(group);
  const seller = { sellerId: group.sellerId, sellerName: group.sellerName, category: group.category };
  const problem = payer.problem?.sellerId === group.sellerId ? payer.problem : null;
  return (
    <section
      className="panel grab-basket"
      data-testid={`basket-${group.sellerId}`}
      aria-label={group.sellerName}
    >
      <header className="grab-basket__head">
        <h3 className="panel__title">
          {showShop ? (
            <Link to={`${ROUTES.grabAndGo}?shop=${encodeURIComponent(group.sellerId)}`}>
              {group.sellerName}
            </Link>
          ) : (
            t('grab.basket.title')
          )}
        </h3>
        <span className="muted">{t('cart.count', { count: totals.count })}</span>
      </header>
      <ul className="grab-lines">
        {group.items.map((item) => {
          const name = cartNameText(item.productName, i18n.resolvedLanguage);
          return (
            <li key={item.variantId} className="grab-line" data-testid={`basket-line-${item.variantId}`}>
              <span className="grab-line__name">
                {name}
                <span className="muted"> · {unitLabel(item.unitValue, item.unit)}</span>
              </span>
              <span className="grab-line__price">
                {rupees(Math.round(item.productPrice * 100) * item.qty)}
              </span>
              <GrabStepper seller={seller} product={item} label={name} />
            </li>
          );
        })}
      </ul>
      {totals.savings > 0 && (
        <p className="price__save">
          {t('cart.savings', { amount: rupees(Math.round(totals.savings * 100)) })}
        </p>
      )}
      <p className="muted">{t('grab.basket.allIn')}</p>
      {problem && (
        <div className="alert alert--error" role="alert" data-testid="basket-problem">
          <p>{problem.text}</p>
          {problem.removed.length > 0 && (
            <ul>
              {problem.removed.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => void payer.pay(group)}
        disabled={payer.busy !== null}
        data-testid={`pay-${group.sellerId}`}
      >
        {payer.busy === group.sellerId
          ? t('grab.pay.working')
          : t('grab.pay.button', { amount: rupees(Math.round(totals.total * 100)) })}
      </button>
    </section>
  );
}

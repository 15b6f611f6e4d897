import { useTranslation } from '../i18n/react.tsx';
import { feeRows, type PriceBreakdown } from './fees.ts';

/** The itemised, all-in price: items, every fee, the total, the GST inside it and the savings. */
export function PriceSummary({
  price,
  testId = 'price-summary',
}: {
  price: PriceBreakdown;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <dl className="price-summary" data-testid={testId}>
      {feeRows(price).map((row) => (
        <div
          key={row.key}
          className={`price-summary__row price-summary__row--${row.key}${row.note ? ' price-summary__row--note' : ''}`}
          data-testid={`fee-${row.key}`}
        >
          <dt>
            {row.key === 'delivery' && row.km
              ? t('cart.fees.deliveryKm', { km: row.km })
              : t(`cart.fees.${row.key}`)}
          </dt>
          <dd>
            {row.struck && <s className="price__mrp">{row.struck}</s>}{' '}
            {row.free ? t('cart.fees.free') : row.amount}
          </dd>
        </div>
      ))}
    </dl>
  );
}

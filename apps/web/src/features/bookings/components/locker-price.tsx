import { formatRupees } from '@petti/shared/rules/money';
import type { LockerQuoteAnswer } from '@petti/shared/schemas/lockers';
import { useTranslation } from '../../../lib/i18n/react.tsx';

/** A locker price as the shopper reads it before paying: the total, its GST, and what their plan covers. */
export function LockerPrice({ quote }: { quote: LockerQuoteAnswer }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="price-box__total">
        {t('lockers.priceTotal', { amount: formatRupees(quote.amountPaise) })}
      </p>
      <p className="price-box__gst">{t('lockers.priceGst', { amount: formatRupees(quote.taxPaise) })}</p>
      {quote.planHours > 0 && (
        <p className="price-box__plan">
          {t('lockers.planCovers', {
            count: quote.planHours,
            amount: formatRupees(quote.basePaise - quote.amountPaise),
          })}
        </p>
      )}
    </>
  );
}

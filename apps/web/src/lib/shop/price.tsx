import { formatRupees, wholeRupees } from '@petti/shared/rules/money';
import { useTranslation } from '../i18n/react.tsx';

/** Whole rupees as lists show them (docs/product.md#money: prices and savings rounded). */
export function rupees(paise: number): string {
  return formatRupees(wholeRupees(paise) * 100);
}

/** Price, the MRP struck through when higher, and what the shopper saves on one unit. */
export function Price({ pricePaise, mrpPaise }: { pricePaise: number; mrpPaise: number }) {
  const { t } = useTranslation();
  const saves = mrpPaise - pricePaise;
  return (
    <span className="price">
      <span className="price__now" data-testid="price">
        {rupees(pricePaise)}
      </span>
      {saves > 0 && (
        <>
          <s className="price__mrp">
            <span className="sr-only">{t('shop.mrp')} </span>
            {rupees(mrpPaise)}
          </s>
          <span className="price__save">{t('shop.save', { amount: rupees(saves) })}</span>
        </>
      )}
    </span>
  );
}

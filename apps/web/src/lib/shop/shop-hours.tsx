import { useTranslation } from '../i18n/react.tsx';
import { isOpenAt } from './product-text.ts';

/**
 * A shop's hours where its products are: "Open 08:00–21:00", or "Closed now, opens at 08:00" (on the
 * shop, the product and the cart, not only when paying is refused). Until the shop is read its line is
 * kept empty at its height, so nothing below moves (or takes a tap meant for it) when it arrives.
 */
export function ShopHours({ hours }: { hours: { open: string; close: string } | undefined }) {
  const { t } = useTranslation();
  if (!hours)
    return (
      <p className="shop-hours" aria-hidden="true">
        &nbsp;
      </p>
    );
  const open = isOpenAt(hours, new Date());
  return (
    <p
      className={open ? 'shop-hours' : 'shop-hours shop-hours--closed'}
      data-testid="shop-hours"
      data-open={open}
    >
      {open ? t('shop.openHours', hours) : t('shop.closedOpensAt', { time: hours.open })}
    </p>
  );
}

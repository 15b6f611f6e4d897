import { useTranslation } from 'react-i18next';
import { isOpenAt } from './product-text.ts';

/**
 * A shop's hours where its products are: "Open 08:00–21:00", or "Closed now, opens at 08:00" (on the
 * shop, the product and the cart, not only when paying is refused).
 */
export function ShopHours({ hours }: { hours: { open: string; close: string } }) {
  const { t } = useTranslation();
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

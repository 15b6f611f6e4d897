import { useTranslation } from '../i18n/react.tsx';
import { type SellerHours, sellerOpenAt, sellerOpensText } from './shop-open.ts';

/**
 * A shop's hours where its products are: "Open 08:00–21:00", "Closed now, opens at 08:00" or "Closed
 * today, opens 30/11 09:00" (on the shop, the product and the cart, not only when paying is refused).
 * Until the shop is read its line is kept empty at its height, so nothing below moves (or takes a tap
 * meant for it) when it arrives.
 */
export function ShopHours({ seller }: { seller: (SellerHours & { closedToday?: boolean }) | undefined }) {
  const { t, i18n } = useTranslation();
  if (!seller)
    return (
      <p className="shop-hours" aria-hidden="true">
        &nbsp;
      </p>
    );
  const now = new Date();
  const open = sellerOpenAt(seller, now);
  const time = sellerOpensText(seller, now, i18n.resolvedLanguage === 'ta' ? 'ta' : 'en');
  return (
    <p
      className={open ? 'shop-hours' : 'shop-hours shop-hours--closed'}
      data-testid="shop-hours"
      data-open={open}
    >
      {open
        ? t('shop.openHours', seller.hours)
        : seller.closedToday
          ? t('shop.closedTodayOpens', { time })
          : t('shop.closedOpensAt', { time })}
    </p>
  );
}

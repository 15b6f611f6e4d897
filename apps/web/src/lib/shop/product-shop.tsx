import { useTranslation } from '../i18n/react.tsx';
import { type SellerHours, sellerOpenAt, sellerOpensText } from './shop-open.ts';

/**
 * Which shop sells a product found across shops, and whether it is open: "Santhi Sweets · Open now",
 * "… · Closed now, opens at 20:00". A shop not read yet (or out of the shopper's reach) gives its name only.
 */
export function ProductShop({
  name,
  seller,
}: {
  name: string;
  seller: (SellerHours & { closedToday?: boolean }) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const now = new Date();
  const open = seller ? sellerOpenAt(seller, now) : null;
  const time =
    seller && !open ? sellerOpensText(seller, now, i18n.resolvedLanguage === 'ta' ? 'ta' : 'en') : '';
  return (
    <span className="product-card__shop" data-testid="product-shop" data-open={open ?? undefined}>
      <span className="product-card__shop-name">{name}</span>
      {open !== null && (
        <span className={open ? 'product-card__open' : 'product-card__closed'}>
          {open
            ? t('shop.openNow')
            : seller?.closedToday
              ? t('shop.closedTodayOpens', { time })
              : t('shop.closedOpensAt', { time })}
        </span>
      )}
    </span>
  );
}

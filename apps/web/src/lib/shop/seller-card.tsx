import { ROUTES } from '@petti/shared/routes';
import { generatePath, Link } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import { ProductArt } from './product-art.tsx';
import { shopNameIn } from './shop-name.ts';
import { sellerOpenAt } from './shop-open.ts';
import type { Seller } from './types.ts';

/** A shop in a list: name, distance, range, hours and modes; opens the shop's products. */
export function SellerCard({ seller }: { seller: Seller }) {
  const { t, i18n } = useTranslation();
  const name = shopNameIn(seller, i18n.resolvedLanguage);
  const open = sellerOpenAt(seller, new Date());
  return (
    <li>
      <Link
        to={generatePath(ROUTES.search, { id: seller.id })}
        className="seller-card"
        data-testid={`seller-${seller.id}`}
      >
        <ProductArt id={seller.id} image={seller.image_url} label={name} size="sm" />
        <span>
          <span className="seller-card__name">{name}</span>
          <br />
          <span className="muted">
            {seller.distanceM !== null &&
              `${t('shop.distanceKm', { km: (seller.distanceM / 1000).toFixed(1) })} · `}
            {t('shop.deliversWithin', { km: seller.sellerRange.dis })}
          </span>
          <br />
          <span className="muted">
            {open
              ? t('shop.openHours', seller.hours)
              : seller.closedToday
                ? t('shop.closedToday')
                : t('shop.closedNow')}{' '}
            ·{' '}
            {seller.modes
              .filter(
                (m): m is 'home' | 'locker' | 'curbside' =>
                  m === 'home' || m === 'locker' || m === 'curbside',
              )
              .map((m) => t(`shop.modes.${m}`))
              .join(', ')}
          </span>
        </span>
      </Link>
    </li>
  );
}

import { ROUTES } from '@petti/shared/routes';
import type { Listing } from '@petti/shared/schemas/complex';
import { generatePath, Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { rupees } from '../../../lib/shop/price.tsx';
import { ListingPhoto } from './listing-photo.tsx';

/** A neighbour's listing in a list: photo, title, price, who and where, what is left. */
export function ListingCard({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  return (
    <li className="product-card listing-card" data-testid={`listing-${listing.id}`}>
      <Link to={generatePath(ROUTES.productDetails, { id: listing.id })} className="product-card__link">
        <ListingPhoto id={listing.id} photo={listing.photos[0]} label={listing.title} />
        <span className="product-card__name">{listing.title}</span>
      </Link>
      <span className="price">
        <strong>{rupees(listing.pricePaise)}</strong>
      </span>
      <span className="muted listing-card__meta">
        {t(`complex.listing.conditions.${listing.condition}`)} · {listing.sellerFlat}
      </span>
      {listing.quantity > 1 && (
        <span className="muted listing-card__meta">
          {t('complex.listing.left', { count: listing.quantity })}
        </span>
      )}
    </li>
  );
}

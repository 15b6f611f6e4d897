import { ROUTES } from '@petti/shared/routes';
import { generatePath, Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ProductArt } from '../../../lib/shop/product-art.tsx';
import { useSellers } from '../../../lib/shop/shop-api.ts';
import { shopNameIn } from '../../../lib/shop/shop-name.ts';
import { CardSkeletons } from '../../../lib/shop/skeletons.tsx';
import { NearImage } from '../../../lib/ui/near-image.tsx';

/**
 * The seed's `shoppers` and `patners` pictures: people of the town who shop with Petti and the shops
 * that sell on it (docs/pictures.md). The people are OpenMoji illustrations in a warm skin tone; each
 * shop shows its own picture and opens its products.
 */
const SHOPPERS = [
  '1F469-1F3FE',
  '1F474-1F3FE',
  '1F467-1F3FE',
  '1F469-1F3FE-200D-1F33E',
  '1F468-1F3FE',
  '1F475-1F3FE',
  '1F9D1-1F3FE-200D-1F373',
  '1F466-1F3FD',
].map((hex) => `/art/${hex}.svg`);

export function PettiInTown() {
  const { t, i18n } = useTranslation();
  const sellers = useSellers({});
  const language = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  // A failed or slow list leaves the section out rather than pushing the lockers around: it is an
  // invitation, not something the dashboard needs.
  if (sellers.isError) return null;
  return (
    <section className="stack petti-in-town" aria-labelledby="petti-in-town">
      <h2 id="petti-in-town" className="panel__title">
        {t('lockers.inTownTitle')}
      </h2>
      <ul className="town-shoppers" aria-hidden="true" data-testid="town-shoppers">
        {SHOPPERS.map((src) => (
          <li key={src}>
            <NearImage src={src} alt="" width={44} height={44} decoding="async" />
          </li>
        ))}
      </ul>
      <p className="muted">{t('lockers.inTownShoppers')}</p>
      {sellers.isPending ? (
        <CardSkeletons count={3} variant="row" />
      ) : (
        <ul className="town-shops" data-testid="town-shops">
          {sellers.data.map((s) => {
            const name = shopNameIn(s, language);
            return (
              <li key={s.id}>
                <Link to={generatePath(ROUTES.search, { id: s.id })} className="town-shop">
                  <ProductArt id={s.id} image={s.image_url} label={name} size="sm" whenNear />
                  <span className="town-shop__name">{name}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Link to={ROUTES.myComplex} className="button button--secondary">
        {t('lockers.inTownShop')}
      </Link>
    </section>
  );
}

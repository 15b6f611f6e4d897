import { ROUTES } from '@petti/shared/routes';
import { type FormEvent, useMemo, useState } from 'react';
import { generatePath, Link, useNavigate } from 'react-router';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ProductArt } from '../../../lib/shop/product-art.tsx';
import { ProductCard } from '../../../lib/shop/product-card.tsx';
import { localName, percentOff } from '../../../lib/shop/product-text.ts';
import { SellerCard } from '../../../lib/shop/seller-card.tsx';
import { useCategories, useProducts, useSellers } from '../../../lib/shop/shop-api.ts';
import { shopChoices } from '../../../lib/shop/shop-choices.ts';
import { ShopsMap } from '../../../lib/shop/shops-map.tsx';
import { CardSkeletons, EmptyState } from '../../../lib/shop/skeletons.tsx';
import { useShopLocation } from '../../../lib/shop/use-shop-location.ts';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import '../../../lib/shop/shop.css';
import { OfflineNote } from '../../../lib/shop/offline-note.tsx';
import { SearchBar } from '../../../lib/ui/search-bar.tsx';

/**
 * The town's shops on /myComplex: search, categories, the shops whose range reaches the shopper, and
 * today's best offers from them. Shown to everyone, under a member's complex home or beside joining.
 */
export function TownMarket() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [q, setQ] = useState('');
  // The category opened last time is marked, to carry on where the shopper left off.
  const [lastCategory] = useState(() => shopChoices.rootButton());
  const location = useShopLocation();
  const categories = useCategories();
  const sellers = useSellers({
    lat: round(location.point.lat),
    lng: round(location.point.lng),
    inRange: true,
  });
  const products = useProducts({ page: 1 });
  const language = i18n.resolvedLanguage;

  const nearby = useMemo(() => new Map((sellers.data ?? []).map((s) => [s.id, s])), [sellers.data]);
  const offers = useMemo(
    () =>
      (products.data?.products ?? [])
        .filter((p) => nearby.has(p.sellerId))
        .map((p) => ({
          p,
          off: Math.max(0, ...p.variants.map((v) => percentOff(v.pricePaise, v.mrpPaise))),
        }))
        .filter((o) => o.off >= 10)
        .sort((a, b) => b.off - a.off)
        .slice(0, 8),
    [products.data, nearby],
  );

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const text = q.trim();
    if (text) navigate(`${generatePath(ROUTES.search, { id: 'all' })}?q=${encodeURIComponent(text)}`);
  };

  const place =
    location.source === 'address' && location.label
      ? location.label
      : location.source === 'device'
        ? t('shop.yourLocation')
        : t('shop.townCentre');

  return (
    <>
      <OfflineNote />
      <SearchBar
        value={q}
        onChange={setQ}
        onSubmit={onSearch}
        placeholder={t('shop.searchPlaceholder')}
        label={t('shop.searchLabel')}
        button={t('shop.searchButton')}
        testId="market-search"
      />
      <Link to={ROUTES.grabAndGo} className="grab-entry" data-testid="grab-entry">
        <strong>{t('shop.grabEntry')}</strong>
        <span className="muted">{t('shop.grabEntryHint')}</span>
      </Link>
      <Link to={ROUTES.curbside} className="grab-entry" data-testid="curbside-entry">
        <strong>{t('shop.curbsideEntry')}</strong>
        <span className="muted">{t('shop.curbsideEntryHint')}</span>
      </Link>

      <section className="section" aria-labelledby="market-categories">
        <h2 id="market-categories" className="section__title">
          {t('shop.categoriesTitle')}
        </h2>
        {categories.isPending ? (
          <CardSkeletons count={6} variant="row" />
        ) : categories.isError ? (
          <LoadFailedAlert
            reason={errorText(categories.error)}
            error={categories.error}
            onRetry={() => void categories.refetch()}
          />
        ) : (
          <ul className="category-grid" data-testid="categories">
            {categories.data.map((c) => (
              <li key={c.id}>
                <Link
                  to={generatePath(ROUTES.categoryProducts, { id: c.id })}
                  className={c.id === lastCategory ? 'category-tile category-tile--last' : 'category-tile'}
                  aria-current={c.id === lastCategory ? 'true' : undefined}
                  onClick={() => shopChoices.chooseRootButton(c.id)}
                >
                  <ProductArt id={c.id} image={c.image_url} label={localName(c.name, language)} size="sm" />
                  {localName(c.name, language)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="section" aria-labelledby="market-sellers">
        <div className="section__head">
          <h2 id="market-sellers" className="section__title">
            {t('shop.sellersTitle')}
          </h2>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={location.locate}
            disabled={location.locating}
          >
            {location.locating ? t('shop.locating') : t('shop.useMyLocation')}
          </button>
        </div>
        <p className="muted">{t('shop.sellersHint', { place })}</p>
        {location.failed && <p className="muted">{t('shop.locationFailed')}</p>}
        {sellers.isPending ? (
          <CardSkeletons count={3} variant="row" />
        ) : sellers.isError ? (
          <LoadFailedAlert
            reason={errorText(sellers.error)}
            error={sellers.error}
            onRetry={() => void sellers.refetch()}
          />
        ) : sellers.data.length === 0 ? (
          <EmptyState title={t('shop.noSellers')} />
        ) : (
          <>
            <ShopsMap sellers={sellers.data} here={location.source === 'device' ? location.point : null} />
            <ul className="seller-list" data-testid="nearby-sellers">
              {sellers.data.map((s) => (
                <SellerCard key={s.id} seller={s} />
              ))}
            </ul>
          </>
        )}
      </section>

      {offers.length > 0 && (
        <section className="section" aria-labelledby="market-offers">
          <h2 id="market-offers" className="section__title">
            {t('shop.offersTitle')}
          </h2>
          <ul className="offer-list">
            {offers.map(({ p }) => (
              <ProductCard key={p.prdtId} product={p} brandName={nearby.get(p.sellerId)?.brandName ?? ''} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** Three decimals (about 100 m): small moves do not make a new query. */
function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

import { ROUTES } from '@petti/shared/routes';
import { type FormEvent, useMemo, useState } from 'react';
import { generatePath, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { PlaceActions } from '../../../lib/map/place-actions.tsx';
import { useProductPages, useSeller, useSellers } from '../../../lib/shop/shop-api.ts';
import { ShopHours } from '../../../lib/shop/shop-hours.tsx';
import { useShopLocation } from '../../../lib/shop/use-shop-location.ts';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { ProductList } from '../components/product-list.tsx';
import '../../../lib/shop/shop.css';
import { OfflineNote } from '../../../lib/shop/offline-note.tsx';
import { shopNameIn } from '../../../lib/shop/shop-name.ts';
import { SearchBar } from '../../../lib/ui/search-bar.tsx';

/** The id that means "search every shop" in /Search/:id. */
export const ALL_SELLERS = 'all';

/**
 * /Search/:id — search products by name (case-insensitive, on the server) within one shop (:id is
 * the shop) or every shop (`all`). With no text it lists the shop's products: the shop's page.
 */
export default function SearchPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id = ALL_SELLERS } = useParams();
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const sellerId = id === ALL_SELLERS ? undefined : id;
  const location = useShopLocation();
  const seller = useSeller(sellerId);
  const sellers = useSellers({ lat: location.point.lat, lng: location.point.lng });
  const enabled = Boolean(sellerId) || q.trim().length > 0;
  const products = useProductPages({ sellerId, q: q.trim() || undefined }, enabled);
  const sellerMap = useMemo(() => {
    const map = new Map((sellers.data ?? []).map((s) => [s.id, s]));
    if (seller.data) map.set(seller.data.id, seller.data);
    return map;
  }, [sellers.data, seller.data]);
  const shopName = seller.data ? shopNameIn(seller.data, i18n.resolvedLanguage) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    navigate(`${generatePath(ROUTES.search, { id })}${next ? `?q=${encodeURIComponent(next)}` : ''}`, {
      replace: true,
    });
  };

  return (
    <PageIntro page="search" title={shopName} lead={t('shop.shopLead')}>
      <OfflineNote />
      {sellerId && <ShopHours seller={seller.data} />}
      {seller.data && shopName && (
        <PlaceActions
          at={seller.data}
          name={shopName}
          phone={seller.data.phone ? `+${seller.data.phone}` : null}
        />
      )}
      <SearchBar
        value={text}
        onChange={setText}
        onSubmit={onSubmit}
        placeholder={t('shop.searchPlaceholder')}
        label={shopName ? t('shop.searchInShop', { shop: shopName }) : t('shop.searchLabel')}
        button={t('shop.searchButton')}
        testId="search-input"
      />
      {sellerId && (
        <p>
          <button
            type="button"
            className="button button--link"
            onClick={() =>
              navigate(
                `${generatePath(ROUTES.search, { id: ALL_SELLERS })}${q ? `?q=${encodeURIComponent(q)}` : ''}`,
              )
            }
          >
            {t('shop.searchEverywhere')}
          </button>
        </p>
      )}
      {q && (
        <p className="muted" role="status">
          {t('shop.resultsFor', { q })}
        </p>
      )}
      {enabled && (
        <ProductList
          query={products}
          sellers={sellerMap}
          showShop={!sellerId}
          emptyTitle={q ? t('shop.noResults', { q }) : t('shop.noProducts')}
        />
      )}
    </PageIntro>
  );
}

import { ROUTES } from '@petti/shared/routes';
import { useEffect, useMemo } from 'react';
import { generatePath, Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { localName } from '../../../lib/shop/product-text.ts';
import { useCategories, useProductPages, useSellers } from '../../../lib/shop/shop-api.ts';
import { shopChoices } from '../../../lib/shop/shop-choices.ts';
import { useShopLocation } from '../../../lib/shop/use-shop-location.ts';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { ProductList } from '../components/product-list.tsx';
import '../../../lib/shop/shop.css';
import { OfflineNote } from '../../../lib/shop/offline-note.tsx';
import { shopNameIn } from '../../../lib/shop/shop-name.ts';

/** /categoryProducts/:id — the category's products, narrowed to one nearby shop with a chip. */
export default function CategoryProductsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const sellerId = params.get('seller') ?? undefined;
  const location = useShopLocation();
  const categories = useCategories();
  const sellers = useSellers({ lat: location.point.lat, lng: location.point.lng });
  const products = useProductPages({ categoryId: id, sellerId });
  const category = categories.data?.find((c) => c.id === id);
  const sellerMap = useMemo(() => new Map((sellers.data ?? []).map((s) => [s.id, s])), [sellers.data]);
  const inCategory = (sellers.data ?? []).filter((s) => s.categoryId === id);
  const choose = (seller: string | null) => {
    shopChoices.chooseShop(id, seller);
    setParams(seller ? { seller } : {}, { replace: true });
  };

  // Back in a category narrowed to one shop last time: narrowed again, while that shop still sells in it.
  const remembered = sellerId ? null : shopChoices.shopFor(id);
  const rememberedHere = !!remembered && inCategory.some((s) => s.id === remembered);
  useEffect(() => {
    if (remembered && rememberedHere) setParams({ seller: remembered }, { replace: true });
  }, [remembered, rememberedHere, setParams]);

  return (
    <PageIntro page="categoryProducts">
      <OfflineNote />
      {category && (
        <h2 className="section__title" data-testid="category-name">
          {localName(category.name, i18n.resolvedLanguage)}
        </h2>
      )}
      {inCategory.length > 0 && (
        <ul className="chip-row" aria-label={t('shop.searchIn')}>
          <li>
            <button type="button" className="chip" aria-pressed={!sellerId} onClick={() => choose(null)}>
              {t('shop.searchAll')}
            </button>
          </li>
          {inCategory.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className="chip"
                aria-pressed={sellerId === s.id}
                onClick={() => choose(s.id)}
              >
                {shopNameIn(s, i18n.resolvedLanguage)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ProductList query={products} sellers={sellerMap} emptyTitle={t('shop.noProducts')} />
      <p>
        <Link to={ROUTES.myComplex} className="button button--ghost">
          {t('shop.allCategories')}
        </Link>{' '}
        {sellerId && (
          <Link to={generatePath(ROUTES.search, { id: sellerId })} className="button button--ghost">
            {t('shop.viewShop')}
          </Link>
        )}
      </p>
    </PageIntro>
  );
}

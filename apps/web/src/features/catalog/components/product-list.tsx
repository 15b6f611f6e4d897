import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ProductCard } from '../../../lib/shop/product-card.tsx';
import { ProductShop } from '../../../lib/shop/product-shop.tsx';
import type { useProductPages } from '../../../lib/shop/shop-api.ts';
import { shopNameIn } from '../../../lib/shop/shop-name.ts';
import { CardSkeletons, EmptyState } from '../../../lib/shop/skeletons.tsx';
import type { Seller } from '../../../lib/shop/types.ts';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';

/** Pages of products with their loading, failure, empty and "show more" states. */
export function ProductList({
  query,
  sellers,
  emptyTitle,
  showShop = false,
}: {
  query: ReturnType<typeof useProductPages>;
  sellers: Map<string, Seller>;
  emptyTitle: string;
  /** Products of many shops: each says which shop sells it and whether it is open. */
  showShop?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  if (query.isPending) return <CardSkeletons count={6} />;
  if (query.isError)
    return (
      <LoadFailedAlert
        title={t('shop.loadFailed')}
        reason={errorText(query.error)}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const products = query.data.pages.flatMap((p) => p.products);
  if (products.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <>
      <ul className="product-grid" data-testid="product-list">
        {products.map((p) => {
          const seller = sellers.get(p.sellerId);
          const brandName = seller?.brandName ?? p.brandName ?? '';
          const shopName = shopNameIn({ brandName, brandNameTa: seller?.brandNameTa }, i18n.resolvedLanguage);
          return (
            <ProductCard
              key={p.prdtId}
              product={p}
              brandName={brandName}
              shop={showShop ? <ProductShop name={shopName} seller={seller} /> : undefined}
            />
          );
        })}
      </ul>
      {query.hasNextPage && (
        <div className="pager">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            aria-busy={query.isFetchingNextPage || undefined}
            data-testid="load-more"
          >
            {query.isFetchingNextPage ? t('loading.label') : t('shop.loadMore')}
          </button>
        </div>
      )}
      {query.isFetchNextPageError && <p className="muted">{t('shop.loadFailed')}</p>}
    </>
  );
}

import { useParams, useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { localName } from '../../../lib/shop/product-text.ts';
import { useCategories } from '../../../lib/shop/shop-api.ts';
import { CardSkeletons, EmptyState } from '../../../lib/shop/skeletons.tsx';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { useListings, useMembership } from '../complex-api.ts';
import { ListingCard } from '../components/listing-card.tsx';
import '../../../lib/shop/shop.css';
import '../complex.css';

/**
 * `/Search/:complexId?in=complex&q=` and `/categoryProducts/:categoryId?in=complex`: listings of the
 * member's complex by words (case-insensitive, title and description) or by category.
 */
export default function ComplexSearchPage({ by }: { by: 'search' | 'category' }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { id } = useParams();
  const [params] = useSearchParams();
  const membership = useMembership();
  const categories = useCategories();
  const q = by === 'search' ? (params.get('q') ?? '') : '';
  const categoryId = by === 'category' ? id : (params.get('categoryId') ?? undefined);
  const member = membership.data?.status === 'approved';
  const listings = useListings({ q, categoryId }, member);
  const language = i18n.resolvedLanguage;
  const category = categories.data?.find((c) => c.id === categoryId);
  const complex = membership.data ? localName(membership.data.complex.name, language) : '';

  return (
    <PageIntro page={by === 'search' ? 'search' : 'categoryProducts'}>
      <h2 className="item-title" data-testid="complex-search-title">
        {category
          ? t('complex.search.category', { category: localName(category.name, language) })
          : t('complex.search.title', { complex })}
        {q ? ` · “${q}”` : ''}
      </h2>
      {membership.isPending || (member && listings.isPending) ? (
        <CardSkeletons count={4} />
      ) : membership.isError ? (
        <LoadFailedAlert
          reason={errorText(membership.error)}
          error={membership.error}
          onRetry={() => void membership.refetch()}
        />
      ) : !member ? (
        <EmptyState title={t('complex.join.title')} body={t('complex.join.lead')} />
      ) : listings.isError ? (
        <LoadFailedAlert
          reason={errorText(listings.error)}
          error={listings.error}
          onRetry={() => void listings.refetch()}
        />
      ) : listings.data!.length === 0 ? (
        <EmptyState title={t('complex.search.none')} />
      ) : (
        <>
          <p className="muted" role="status">
            {t('complex.search.results', { count: listings.data!.length })}
          </p>
          <ul className="product-grid" data-testid="complex-search-results">
            {listings.data!.map((l) => (
              <ListingCard key={l.id} listing={l} />
            ))}
          </ul>
        </>
      )}
    </PageIntro>
  );
}

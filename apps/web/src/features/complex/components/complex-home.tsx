import { ROUTES } from '@petti/shared/routes';
import type { Membership } from '@petti/shared/schemas/complex';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { generatePath, Link, useNavigate } from 'react-router';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { localName } from '../../../lib/shop/product-text.ts';
import { useCategories } from '../../../lib/shop/shop-api.ts';
import { CardSkeletons, EmptyState } from '../../../lib/shop/skeletons.tsx';
import { confirm } from '../../../lib/ui/dialog-store.ts';
import { FormAlert, LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { SearchBar } from '../../../lib/ui/search-bar.tsx';
import { leaveComplex, useListings } from '../complex-api.ts';
import { complexSearchPath } from '../complex-paths.ts';
import { AdminPanel } from './admin-panel.tsx';
import { ListingCard } from './listing-card.tsx';

/** A member's complex home: search within it, categories, the newest listings, selling (docs/complex.md#buying). */
export function ComplexHome({ membership, onMove }: { membership: Membership; onMove: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const listings = useListings({});
  const categories = useCategories();
  const language = i18n.resolvedLanguage;
  const name = localName(membership.complex.name, language);
  const onSale = new Set((listings.data ?? []).map((l) => l.categoryId));

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const text = q.trim();
    if (text) navigate(complexSearchPath(membership.complexId, { q: text }));
  };

  async function leave() {
    const answer = await confirm({
      title: t('complex.home.leave'),
      message: t('complex.home.leaveConfirm', { complex: name }),
      confirmLabel: t('complex.home.leaveYes'),
      cancelLabel: t('complex.home.leaveKeep'),
      danger: true,
    });
    if (answer !== 'confirm') return;
    try {
      await leaveComplex();
      await queryClient.invalidateQueries({ queryKey: ['complex'] });
    } catch (error) {
      setFailure(errorText(error));
    }
  }

  return (
    <section className="section complex-home" aria-labelledby="complex-home-title" data-testid="complex-home">
      <div className="complex-home__head">
        <h2 id="complex-home-title" className="item-title">
          {name}
        </h2>
        <p className="muted">{t('complex.home.flat', { block: membership.block, flat: membership.flat })}</p>
      </div>
      <SearchBar
        value={q}
        onChange={setQ}
        onSubmit={onSearch}
        placeholder={t('complex.home.searchPlaceholder')}
        label={t('complex.home.searchLabel')}
        button={t('complex.home.search')}
        testId="complex-listing-search"
      />
      <div className="complex-actions">
        <Link
          to={generatePath(ROUTES.sellProduct, { id: 'new' })}
          className="button button--primary"
          data-testid="sell-item"
        >
          {t('complex.home.sell')}
        </Link>
        <Link
          to={generatePath(ROUTES.sellProduct, { id: 'mine' })}
          className="button button--secondary"
          data-testid="my-listings"
        >
          {t('complex.home.mine')}
        </Link>
      </div>
      {membership.role === 'admin' && <AdminPanel complexName={name} />}
      {categories.data && onSale.size > 0 && (
        <nav aria-label={t('complex.home.categories')}>
          <ul className="chip-row" data-testid="complex-categories">
            {categories.data
              .filter((c) => onSale.has(c.id))
              .map((c) => (
                <li key={c.id}>
                  <Link className="chip" to={complexSearchPath(membership.complexId, { categoryId: c.id })}>
                    {localName(c.name, language)}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
      )}
      <h3 className="section__title">{t('complex.home.newest')}</h3>
      {listings.isPending ? (
        <CardSkeletons count={4} />
      ) : listings.isError ? (
        <LoadFailedAlert
          reason={errorText(listings.error)}
          error={listings.error}
          onRetry={() => void listings.refetch()}
        />
      ) : listings.data.length === 0 ? (
        <EmptyState title={t('complex.home.empty')} body={t('complex.home.emptyBody')} />
      ) : (
        <ul className="product-grid" data-testid="complex-listings">
          {listings.data.map((l) => (
            <ListingCard key={l.id} listing={l} />
          ))}
        </ul>
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="complex-actions complex-actions--quiet">
        <button type="button" className="button button--ghost button--small" onClick={onMove}>
          {t('complex.home.move')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => void leave()}>
          {t('complex.home.leave')}
        </button>
      </div>
    </section>
  );
}

import { ROUTES } from '@petti/shared/routes';
import type { Listing, ListingStatus } from '@petti/shared/schemas/complex';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { generatePath, Link, useNavigate, useParams } from 'react-router';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { rupees } from '../../../lib/shop/price.tsx';
import { CardSkeletons, EmptyState } from '../../../lib/shop/skeletons.tsx';
import { confirm } from '../../../lib/ui/dialog-store.ts';
import { FormAlert, LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { updateListing, useListing, useMembership, useMyListings } from '../complex-api.ts';
import { ListingForm } from '../components/listing-form.tsx';
import { ListingPhoto } from '../components/listing-photo.tsx';
import '../../../lib/shop/shop.css';
import '../../../lib/ui/form.css';
import '../complex.css';

/**
 * /sellProduct/:id — `new`: list an item; `mine`: my listings and sales with earnings; a listing id:
 * edit it (docs/complex.md#listings). Members only: anyone else is sent to join first.
 */
export default function SellProductPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { id = 'new' } = useParams();
  const membership = useMembership();

  if (membership.isPending) {
    return (
      <PageIntro page="sellProduct">
        <CardSkeletons count={3} variant="row" />
      </PageIntro>
    );
  }
  if (membership.isError) {
    return (
      <PageIntro page="sellProduct">
        <LoadFailedAlert
          reason={errorText(membership.error)}
          error={membership.error}
          onRetry={() => void membership.refetch()}
        />
      </PageIntro>
    );
  }
  if (membership.data?.status !== 'approved') {
    return (
      <PageIntro page="sellProduct">
        <EmptyState
          title={membership.data?.status === 'pending' ? t('complex.pending.title') : t('complex.join.title')}
          body={t('complex.join.lead')}
        >
          <Link to={ROUTES.myComplex} className="button button--primary">
            {t('complex.join.ask')}
          </Link>
        </EmptyState>
      </PageIntro>
    );
  }
  return (
    <PageIntro page="sellProduct">
      {id === 'new' ? <NewListing /> : id === 'mine' ? <MyListings /> : <EditListing id={id} />}
    </PageIntro>
  );
}

function NewListing() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="section">
      <h2 className="item-title">{t('complex.form.newTitle')}</h2>
      <ListingForm onSaved={(l) => navigate(generatePath(ROUTES.productDetails, { id: l.id }))} />
    </section>
  );
}

function EditListing({ id }: { id: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const listing = useListing(id);
  if (listing.isPending) return <CardSkeletons count={3} variant="row" />;
  if (listing.isError)
    return (
      <LoadFailedAlert
        reason={errorText(listing.error)}
        error={listing.error}
        onRetry={() => void listing.refetch()}
      />
    );
  return (
    <section className="section">
      <h2 className="item-title">{t('complex.form.editTitle')}</h2>
      <ListingForm
        listing={listing.data}
        onSaved={(l) => navigate(generatePath(ROUTES.productDetails, { id: l.id }))}
      />
    </section>
  );
}

function MyListings() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const dates = useDateFormat();
  const mine = useMyListings();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function setStatus(l: Listing, status: ListingStatus) {
    if (status === 'delisted') {
      const answer = await confirm({
        title: t('complex.manage.delist'),
        message: t('complex.manage.delistConfirm', { title: l.title }),
        confirmLabel: t('complex.manage.delist'),
        cancelLabel: t('complex.manage.keep'),
        danger: true,
      });
      if (answer !== 'confirm') return;
    }
    setBusy(l.id);
    setFailure(null);
    try {
      await updateListing(l.id, { status });
      await queryClient.invalidateQueries({ queryKey: ['complex'] });
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(null);
    }
  }

  if (mine.isPending) return <CardSkeletons count={3} variant="row" />;
  if (mine.isError)
    return (
      <LoadFailedAlert
        reason={errorText(mine.error)}
        error={mine.error}
        onRetry={() => void mine.refetch()}
      />
    );
  const { listings, earnings } = mine.data;
  return (
    <>
      <section className="section" aria-labelledby="earnings-title" data-testid="earnings">
        <h2 id="earnings-title" className="item-title">
          {t('complex.manage.earnings')}
        </h2>
        <dl className="earnings">
          <div>
            <dt>{t('complex.manage.owed')}</dt>
            <dd data-testid="owed">{rupees(earnings.owedPaise)}</dd>
          </div>
          <div>
            <dt>{t('complex.manage.pending')}</dt>
            <dd>{rupees(earnings.pendingPaise)}</dd>
          </div>
          <div>
            <dt>{t('complex.manage.paidOut')}</dt>
            <dd>{rupees(earnings.paidOutPaise)}</dd>
          </div>
        </dl>
        <p className="muted">{t('complex.manage.owedHint')}</p>
      </section>
      <section className="section" aria-labelledby="my-listings-title">
        <div className="section__head">
          <h2 id="my-listings-title" className="section__title">
            {t('complex.manage.title')}
          </h2>
          <Link
            to={generatePath(ROUTES.sellProduct, { id: 'new' })}
            className="button button--primary button--small"
          >
            {t('complex.home.sell')}
          </Link>
        </div>
        {failure && <FormAlert>{failure}</FormAlert>}
        {listings.length === 0 ? (
          <EmptyState title={t('complex.manage.none')} />
        ) : (
          <ul className="complex-rows" data-testid="my-listing-rows">
            {listings.map((l) => (
              <li key={l.id} className="complex-row complex-row--media" data-testid={`my-listing-${l.id}`}>
                <ListingPhoto id={l.id} photo={l.photos[0]} label={l.title} size="sm" />
                <div className="complex-row__body">
                  <Link to={generatePath(ROUTES.productDetails, { id: l.id })}>
                    <strong>{l.title}</strong>
                  </Link>
                  <span className="muted">
                    {rupees(l.pricePaise)} ·{' '}
                    {t(
                      `complex.listing.statuses.${l.status === 'active' && l.quantity === 0 ? 'sold_out' : l.status}`,
                    )}
                    {l.hidden ? ` · ${t('complex.listing.hidden')}` : ''} ·{' '}
                    {t('complex.listing.left', { count: l.quantity })}
                  </span>
                  {l.status !== 'delisted' && (
                    <div className="complex-actions">
                      <Link
                        to={generatePath(ROUTES.sellProduct, { id: l.id })}
                        className="button button--ghost button--small"
                      >
                        {t('complex.listing.edit')}
                      </Link>
                      {l.status === 'active' ? (
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          disabled={busy === l.id}
                          onClick={() => void setStatus(l, 'paused')}
                        >
                          {t('complex.manage.pause')}
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          disabled={busy === l.id}
                          onClick={() => void setStatus(l, 'active')}
                        >
                          {t('complex.manage.resume')}
                        </button>
                      )}
                      {l.status !== 'sold_out' && (
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          disabled={busy === l.id}
                          onClick={() => void setStatus(l, 'sold_out')}
                        >
                          {t('complex.manage.soldOut')}
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        disabled={busy === l.id}
                        onClick={() => void setStatus(l, 'delisted')}
                      >
                        {t('complex.manage.delist')}
                      </button>
                    </div>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="section" aria-labelledby="sales-title">
        <h2 id="sales-title" className="section__title">
          {t('complex.manage.sales')}
        </h2>
        {earnings.sales.length === 0 ? (
          <p className="muted">{t('complex.manage.noSales')}</p>
        ) : (
          <ul className="complex-rows" data-testid="sales">
            {earnings.sales.map((s) => (
              <li key={s.id} className="complex-row">
                <Link to={generatePath(ROUTES.myOrder, { id: s.id })}>
                  <strong>{s.title}</strong>
                </Link>
                <span className="muted">
                  {rupees(s.totalPaise)} · {t(`complex.order.states.${s.state}`)} ·{' '}
                  {s.paidOutAt
                    ? t('complex.manage.paidOutOn', { date: dates.dateTime(s.paidOutAt) })
                    : t('complex.manage.notPaidOut')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

import { ROUTES } from '@petti/shared/routes';
import type { HandoverMode } from '@petti/shared/schemas/complex';
import { type FormEvent, useState } from 'react';
import { generatePath, Link, useParams } from 'react-router';
import { startCheckout } from '../../../lib/checkout/checkout.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { rupees } from '../../../lib/shop/price.tsx';
import { localName } from '../../../lib/shop/product-text.ts';
import { useCategories } from '../../../lib/shop/shop-api.ts';
import { CardSkeletons } from '../../../lib/shop/skeletons.tsx';
import { FormAlert, LoadFailedAlert, SubmitButton } from '../../../lib/ui/form.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';
import { buyListing, reportListing, useListing } from '../complex-api.ts';
import { ListingPhoto } from '../components/listing-photo.tsx';
import { ReasonForm } from '../components/reason-form.tsx';
import '../../../lib/shop/shop.css';
import '../../../lib/ui/form.css';
import '../complex.css';

/**
 * /productDetails/:id for a neighbour's listing (ids `cl-…`): photos, details, who sells it and where,
 * and buying with the hand-over chosen; the all-in price is shown before paying (docs/complex.md#buying).
 */
export default function ListingPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const online = useOnlineStatus();
  const { id } = useParams();
  const listing = useListing(id);
  const categories = useCategories();
  const [photoIndex, setPhotoIndex] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const [handover, setHandover] = useState<HandoverMode | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);

  if (listing.isPending) {
    return (
      <PageIntro page="listingDetails">
        <CardSkeletons count={2} />
      </PageIntro>
    );
  }
  if (listing.isError) {
    return (
      <PageIntro page="listingDetails">
        <LoadFailedAlert
          reason={errorText(listing.error)}
          error={listing.error}
          onRetry={() => void listing.refetch()}
        />
        <Link to={ROUTES.myComplex} className="button button--ghost">
          {t('complex.join.title')}
        </Link>
      </PageIntro>
    );
  }
  const l = listing.data;
  const chosen = handover ?? l.handover[0]!;
  const available = l.status === 'active' && !l.hidden && l.quantity > 0;
  const total = l.pricePaise * quantity;
  const category = categories.data?.find((c) => c.id === l.categoryId);

  async function onBuy(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!online) {
      setFailure(t('complex.listing.offline'));
      return;
    }
    setBusy(true);
    try {
      const order = await buyListing({ listingId: l.id, quantity, handover: chosen });
      await startCheckout(order.payment!, {
        returnTo: generatePath(ROUTES.myOrder, { id: order.id }),
        description: l.title,
      });
    } catch (error) {
      setFailure(errorText(error));
      void listing.refetch();
    } finally {
      setBusy(false);
    }
  }

  async function onReport(reason: string) {
    try {
      await reportListing(l.id, reason);
      setReported(true);
      setReporting(false);
    } catch (error) {
      setFailure(errorText(error));
    }
  }

  const photo = l.photos[photoIndex] ?? l.photos[0];
  return (
    <PageIntro page="listingDetails">
      <div className="product-detail listing-detail" data-testid={`listing-detail-${l.id}`}>
        <div className="listing-detail__photos">
          <ListingPhoto id={l.id} photo={photo} label={l.title} size="lg" alt={l.title} />
          {l.photos.length > 1 && (
            <div className="chip-row">
              {l.photos.map((p, i) => (
                <button
                  key={p.id}
                  type="button"
                  className="listing-thumb"
                  aria-pressed={i === photoIndex}
                  aria-label={t('complex.listing.photoOf', { n: i + 1, title: l.title })}
                  onClick={() => setPhotoIndex(i)}
                >
                  <ListingPhoto id={p.id} photo={p} label={l.title} size="sm" />
                </button>
              ))}
            </div>
          )}
        </div>
        <div className="stack">
          <h2 className="item-title" data-testid="listing-title">
            {l.title}
          </h2>
          <p className="price">
            <strong>{rupees(l.pricePaise)}</strong>
          </p>
          <p className="muted">
            {t('complex.listing.by', { name: l.sellerName, flat: l.sellerFlat })}
            {category ? ` · ${localName(category.name, i18n.resolvedLanguage)}` : ''} ·{' '}
            {t(`complex.listing.conditions.${l.condition}`)}
          </p>
          {l.description && <p className="listing-description">{l.description}</p>}
          {l.hazardous && <p className="note">{t('complex.listing.hazardous')}</p>}
          {l.hidden && <p className="note">{t('complex.listing.hidden')}</p>}
          {l.mine ? (
            <div className="stack">
              <p className="muted">
                {t('complex.listing.mine')}{' '}
                {t(
                  `complex.listing.statuses.${l.status === 'active' && l.quantity === 0 ? 'sold_out' : l.status}`,
                )}{' '}
                · {t('complex.listing.left', { count: l.quantity })}
              </p>
              <Link to={generatePath(ROUTES.sellProduct, { id: l.id })} className="button button--secondary">
                {t('complex.listing.edit')}
              </Link>
            </div>
          ) : !available ? (
            <p className="product-card__soldout" data-testid="listing-unavailable">
              {t('complex.listing.soldOut')}
            </p>
          ) : (
            <form className="stack" onSubmit={onBuy} data-testid="buy-form">
              {l.handover.length > 1 ? (
                <fieldset className="variant-choices">
                  <legend className="field__label">{t('complex.listing.howHandover')}</legend>
                  {l.handover.map((h) => (
                    <label key={h} className="choice" data-testid={`buy-handover-${h}`}>
                      <input
                        type="radio"
                        name="handover"
                        checked={chosen === h}
                        onChange={() => setHandover(h)}
                      />
                      {t(`complex.listing.handover.${h}`)}
                    </label>
                  ))}
                </fieldset>
              ) : (
                <p className="muted">
                  {t('complex.listing.howHandover')} {t(`complex.listing.handover.${chosen}`)}
                </p>
              )}
              {l.quantity > 1 && (
                <label className="field">
                  <span className="field__label">{t('complex.listing.quantity')}</span>
                  <select
                    className="input input--compact"
                    value={quantity}
                    onChange={(e) => setQuantity(Number(e.target.value))}
                    data-testid="buy-quantity"
                  >
                    {Array.from({ length: Math.min(l.quantity, 10) }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <p data-testid="buy-all-in">{t('complex.listing.allIn', { amount: rupees(total) })}</p>
              {failure && <FormAlert>{failure}</FormAlert>}
              <SubmitButton pending={busy} pendingLabel={t('complex.listing.buying')} testId="buy">
                {t('complex.listing.buy', { amount: rupees(total) })}
              </SubmitButton>
            </form>
          )}
          {!l.mine &&
            (reported ? (
              <p role="status" className="muted">
                {t('complex.listing.reported')}
              </p>
            ) : reporting ? (
              <ReasonForm
                label={t('complex.listing.reportReason')}
                send={t('complex.listing.reportSend')}
                onSend={(reason) => void onReport(reason)}
              />
            ) : (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setReporting(true)}
              >
                {t('complex.listing.report')}
              </button>
            ))}
        </div>
      </div>
    </PageIntro>
  );
}

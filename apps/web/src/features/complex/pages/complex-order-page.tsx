import { EVENTS } from '@petti/shared/events';
import { ROUTES } from '@petti/shared/routes';
import type { ComplexOrder } from '@petti/shared/schemas/complex';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { generatePath, Link, useParams } from 'react-router';
import { startCheckout, usePaymentReturn } from '../../../lib/checkout/checkout.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useLiveEvents } from '../../../lib/realtime/index.ts';
import { rupees } from '../../../lib/shop/price.tsx';
import { localName } from '../../../lib/shop/product-text.ts';
import { CardSkeletons } from '../../../lib/shop/skeletons.tsx';
import { confirm } from '../../../lib/ui/dialog-store.ts';
import { FormAlert, LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { type OrderAction, orderAction, useComplexOrder } from '../complex-api.ts';
import { ListingPhoto } from '../components/listing-photo.tsx';
import { ReasonForm } from '../components/reason-form.tsx';
import '../../../lib/shop/shop.css';
import '../../../lib/ui/form.css';
import '../complex.css';

/**
 * /profile/MyOrders/:id for an order between residents (ids `co-…`): its state and timeline, the PIN the
 * viewer may use now, and each side's next step; live (docs/complex.md#buying).
 */
export default function ComplexOrderPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const { id } = useParams();
  const outcome = usePaymentReturn();
  const order = useComplexOrder(id);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);

  useLiveEvents((e) => {
    if (e.event === EVENTS.complexOrderChanged && e.data.id === id) {
      void queryClient.invalidateQueries({ queryKey: ['complex'] });
    }
  });
  useEffect(() => {
    if (outcome.state === 'paid') void queryClient.invalidateQueries({ queryKey: ['complex'] });
  }, [outcome.state, queryClient]);

  if (order.isPending || outcome.state === 'confirming') {
    return (
      <PageIntro page="myOrder">
        {outcome.state === 'confirming' && <p role="status">{t('complex.order.confirming')}</p>}
        <CardSkeletons count={2} variant="row" />
      </PageIntro>
    );
  }
  if (order.isError) {
    return (
      <PageIntro page="myOrder">
        <LoadFailedAlert
          reason={errorText(order.error)}
          error={order.error}
          onRetry={() => void order.refetch()}
        />
      </PageIntro>
    );
  }
  const o = order.data;

  async function act(action: OrderAction, why?: string) {
    if (action === 'cancel') {
      const answer = await confirm({
        title: t('complex.order.cancel'),
        message: t('complex.order.cancelConfirm'),
        confirmLabel: t('complex.order.cancelYes'),
        cancelLabel: t('complex.order.cancelKeep'),
        danger: true,
      });
      if (answer !== 'confirm') return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const next = await orderAction(o.id, action, why);
      queryClient.setQueryData(['complex', 'order', o.id], next);
      await queryClient.invalidateQueries({ queryKey: ['complex'] });
      setReporting(false);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  async function pay() {
    setBusy(true);
    try {
      await startCheckout(o.payment!, {
        returnTo: generatePath(ROUTES.myOrder, { id: o.id }),
        description: o.title,
      });
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  const seller = o.role === 'seller';
  const site = o.locker ? localName(o.locker.siteName, i18n.resolvedLanguage) : '';
  const until = o.locker ? dates.dateTime(o.locker.until) : '';

  return (
    <PageIntro page="myOrder">
      <section className="section complex-order" data-testid="complex-order">
        <div className="complex-row complex-row--media">
          <ListingPhoto id={o.listingId} photo={o.photo} label={o.title} size="sm" />
          <div className="complex-row__body">
            <h2 className="item-title">{o.title}</h2>
            <p className="muted">
              {seller
                ? t('complex.order.to', { name: o.buyerName, flat: o.buyerFlat })
                : t('complex.order.from', { name: o.sellerName, flat: o.sellerFlat })}
            </p>
            <p>
              {o.quantity} × {rupees(o.unitPricePaise)} ·{' '}
              {t('complex.order.total', { amount: rupees(o.totalPaise) })}
            </p>
          </div>
        </div>
        <p
          className={`complex-state complex-state--${o.state}`}
          data-testid="complex-order-state"
          data-state={o.state}
        >
          {t(`complex.order.states.${o.state}`)}
        </p>

        {o.locker?.pin && (
          <div className="complex-pin" data-testid={seller ? 'drop-pin-card' : 'pickup-pin-card'}>
            <p className="field__label">
              {seller ? t('complex.order.dropPin') : t('complex.order.pickupPin')}
            </p>
            <p className="complex-pin__pin" data-testid="locker-pin">
              {o.locker.pin}
            </p>
            <p className="muted">
              {t(seller ? 'complex.order.dropHint' : 'complex.order.pickupHint', {
                site,
                locker: o.locker.locker ?? '—',
                until,
              })}
            </p>
          </div>
        )}
        {o.locker && !o.locker.pin && o.state === 'awaiting_drop' && !seller && (
          <p className="muted">{t('complex.order.waitDrop', { until })}</p>
        )}
        {o.locker && !o.locker.pin && o.state === 'in_locker' && seller && (
          <p className="muted">{t('complex.order.waitPickup', { until })}</p>
        )}
        {o.state === 'handed_over' && o.confirmsAt && !seller && (
          <p className="muted">{t('complex.order.confirmsAt', { date: dates.dateTime(o.confirmsAt) })}</p>
        )}

        {failure && <FormAlert>{failure}</FormAlert>}
        <div className="complex-actions">
          {o.state === 'awaiting_payment' && !seller && o.payment && (
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void pay()}
            >
              {t('complex.order.pay', { amount: rupees(o.totalPaise) })}
            </button>
          )}
          {seller && o.state === 'paid' && o.handover === 'in_person' && (
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void act('handed-over')}
              data-testid="handed-over"
            >
              {t('complex.order.handedOver')}
            </button>
          )}
          {!seller && o.handover === 'in_person' && (o.state === 'paid' || o.state === 'handed_over') && (
            <>
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() => void act('received')}
                data-testid="received"
              >
                {t('complex.order.received')}
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={busy}
                onClick={() => setReporting(true)}
              >
                {t('complex.order.problem')}
              </button>
            </>
          )}
          {seller && (o.state === 'paid' || o.state === 'awaiting_drop') && (
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => void act('cancel')}
              data-testid="seller-cancel"
            >
              {t('complex.order.cancel')}
            </button>
          )}
        </div>
        {reporting && (
          <ReasonForm
            label={t('complex.order.problemReason')}
            send={t('complex.order.problemSend')}
            busy={busy}
            onSend={(reason) => void act('problem', reason)}
          />
        )}

        <h3 className="section__title">{t('complex.order.timeline')}</h3>
        <ol className="complex-timeline" data-testid="complex-timeline">
          {o.timeline.map((e) => (
            <li key={`${e.state}-${e.at}`}>
              <strong>{t(`complex.order.states.${e.state as ComplexOrder['state']}`)}</strong>
              <span className="muted"> · {dates.dateTime(e.at)}</span>
            </li>
          ))}
        </ol>
        <Link to={ROUTES.myOrders} className="button button--ghost button--small">
          ← {t('complex.order.neighbours')}
        </Link>
      </section>
    </PageIntro>
  );
}

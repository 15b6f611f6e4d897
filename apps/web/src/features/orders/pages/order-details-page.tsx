import { ROUTES } from '@petti/shared/routes';
import { formatRupees } from '@petti/shared/rules/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { PriceSummary } from '../../../lib/cart/price-summary.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { confirm } from '../../../lib/ui/dialog-store.ts';
import { Field, FormAlert, LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { Spinner } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';
import '../../../lib/cart/cart.css';
import { ProductArt } from '../../../lib/shop/product-art.tsx';
import { CardSkeletons } from '../../../lib/shop/skeletons.tsx';
import '../../../lib/shop/shop.css';
import { ORDER_FINAL_STATES } from '@petti/shared/rules/order-states';
import type { Order } from '@petti/shared/schemas/orders';
import { photoSrcSet } from '@petti/shared/schemas/photo';
import { PaymentOutcomeBanner, startCheckout, usePaymentReturn } from '../../../lib/checkout/checkout.ts';
import { InstallOffer } from '../../../lib/install/install-offer.tsx';
import { ordersKey } from '../../../lib/orders/orders.ts';
import { AlertsPrompt } from '../../../lib/push/alerts-prompt.tsx';
import { sendLiveRequest, usePendingRequests } from '../../../lib/realtime/index.ts';
import { useOrder, useOrderAction } from '../api/orders-api.ts';
import { OrderEndNote } from '../components/order-end-note.tsx';
import { OrderInvoice } from '../components/order-invoice.tsx';
import { OrderStatusBadge } from '../components/order-status-badge.tsx';
import { OrderTimeline } from '../components/order-timeline.tsx';
import { PickupPlace } from '../components/pickup-place.tsx';
import { SubstitutionOffers } from '../components/substitution-offers.tsx';
import '../orders.css';
import { telLink } from '@petti/shared/rules/contact-links';
import { dateTimeFormat, nameIn, shopNameOf } from '../../../lib/orders/order-text.ts';
import { canCancel } from '../order-actions.ts';
import { useCurbsideStage } from '../use-curbside-stage.ts';
import { useOrderUpdates } from '../use-order-updates.ts';
import { useReorder } from '../use-reorder.ts';

/** An order over: no place to go, no alerts to offer. */
const DONE = new Set<string>(ORDER_FINAL_STATES);
/** Not paid for, or undone and refunded in full: the shop supplied nothing to invoice. */
const UNBILLED = new Set<string>(['awaiting_payment', 'timed_out', 'cancelled']);

/**
 * /profile/MyOrders/:id — live status timeline, what was bought and the price paid, the locker
 * pickup PIN, curbside check-ins, cancel before packing (refunded) and reorder.
 */
export default function OrderDetailsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const errorText = useErrorText();
  const order = useOrder(id);
  const paymentReturn = usePaymentReturn();
  useOrderUpdates();

  return (
    <PageIntro page="myOrder">
      <PaymentOutcomeBanner
        outcome={paymentReturn}
        closed={order.data?.state === 'cancelled' || order.data?.state === 'timed_out'}
      />
      {order.isPending ? (
        <CardSkeletons count={3} variant="row" />
      ) : order.isError ? (
        <LoadFailedAlert
          reason={errorText(order.error)}
          error={order.error}
          onRetry={() => void order.refetch()}
        />
      ) : (
        <OrderView order={order.data} />
      )}
      <p>
        <Link to={ROUTES.myOrders} className="button button--ghost">
          {t('orders.all')}
        </Link>
      </p>
    </PageIntro>
  );
}

function OrderView({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const online = useOnlineStatus();
  const action = useOrderAction(order.id);
  const { reorder, pending: reordering } = useReorder();
  const [spot, setSpot] = useState('');
  const stage = useCurbsideStage(order);
  const language = i18n.resolvedLanguage;
  const date = dateTimeFormat(language);
  const shopName = shopNameOf(order, language);

  const waiting = usePendingRequests().filter((r) => r.request.orderId === order.id);

  /**
   * A curbside check-in with no connection is not lost: it waits in the live connection's offline buffer
   * and goes as soon as the phone is back online (docs/product.md#real-time-connection).
   */
  const queueCheckin = (name: 'arrived' | 'on-my-way', where: { landmark?: string }): boolean => {
    const queued = sendLiveRequest({
      type: name === 'arrived' ? 'curbsideArrived' : 'curbsideOnMyWay',
      orderId: order.id,
      ...where,
    });
    if (queued) toast.info(t('orders.curbside.queued'), { id: `order-${name}` });
    return queued;
  };

  /** Answers whether the step was taken (not queued, not refused). */
  const run = async (
    name: 'cancel' | 'arrived' | 'on-my-way',
    body?: { landmark?: string },
    done?: string,
  ): Promise<boolean> => {
    if (name !== 'cancel' && !online && queueCheckin(name, body ?? {})) return false;
    try {
      await action.mutateAsync({ action: name, body });
      if (done) toast.success(done, { id: `order-${name}` });
      return true;
    } catch (error) {
      const lost = isApiError(error) && error.isNetworkError;
      if (name !== 'cancel' && lost && queueCheckin(name, body ?? {})) return false;
      toast.error(errorText(error), { id: `order-${name}-failed` });
      return false;
    }
  };

  const onCancel = async () => {
    const answer = await confirm({
      title: t('orders.cancelTitle'),
      message: order.state === 'awaiting_payment' ? t('orders.cancelBody') : t('orders.cancelRefund'),
      confirmLabel: t('orders.cancelConfirm'),
      cancelLabel: t('orders.cancelKeep'),
      danger: true,
    });
    if (answer !== 'confirm') return;
    // Not paid for yet: the cart gave its items to this order, so they go back to the cart, as the
    // shopper left them, instead of being lost with the order.
    const unpaid = order.state === 'awaiting_payment';
    if ((await run('cancel', undefined, t('orders.cancelled'))) && unpaid) await reorder(order);
  };

  const payNow = async () => {
    if (!order.payment) return;
    try {
      const result = await startCheckout(order.payment, {
        returnTo: window.location.pathname,
        description: t('orders.paymentFor', { seller: shopName }),
      });
      if (result.status === 'paid') void queryClient.invalidateQueries({ queryKey: ordersKey });
    } catch (error) {
      toast.error(errorText(error), { id: 'order-pay-failed' });
    }
  };

  return (
    <div className="stack" data-testid={`order-detail-${order.id}`}>
      <section className="panel stack">
        <div className="order-card__head">
          <h2 className="panel__title">{shopName}</h2>
          <OrderStatusBadge state={order.state} />
        </div>
        <p className="muted">
          {t('orders.placedAt', { when: date.format(new Date(order.createdAt)) })} ·{' '}
          {t(`orders.type.${order.deliveryType}`)}
        </p>
        {order.state === 'cancelled' && <OrderEndNote cancelReason={order.cancelReason} />}
        {order.scheduledFor && (order.state === 'placed' || order.state === 'awaiting_payment') && (
          <p className="note" data-testid="order-scheduled">
            {t('orders.scheduledFor', { when: date.format(new Date(order.scheduledFor)) })}
          </p>
        )}
        {order.readyBy && (order.state === 'accepted' || order.state === 'packed') && (
          <p className="note" data-testid="order-ready-by">
            {t('orders.readyBy', { when: date.format(new Date(order.readyBy)) })}
          </p>
        )}
        {order.deliveryCode && (
          <div className="delivery-code" data-testid="delivery-code">
            <span>{t('orders.deliveryCode.title')}</span>
            <strong className="delivery-code__digits">{order.deliveryCode}</strong>
            <span className="muted">{t('orders.deliveryCode.hint')}</span>
          </div>
        )}
        {order.proofPhoto && (
          <figure className="proof-photo" data-testid="proof-photo">
            <img
              src={order.proofPhoto.urls.medium}
              srcSet={photoSrcSet(order.proofPhoto)}
              sizes="(max-width: 600px) 90vw, 480px"
              alt={t('orders.proofPhoto')}
              loading="lazy"
            />
            <figcaption className="muted">{t('orders.proofPhoto')}</figcaption>
          </figure>
        )}
        {order.seller.phone && (
          <p>
            {/* A person about this order: the shop itself (Petti's help desk is in Help). */}
            <a
              className="button button--ghost button--small"
              href={telLink(`+${order.seller.phone.replace(/^\+/, '')}`)}
              data-testid="call-shop"
            >
              {t('orders.callShop', { shop: shopName })}
            </a>
          </p>
        )}
        {order.state === 'awaiting_payment' && order.payment && (
          <FormAlert variant="info" testId="order-awaiting-payment">
            <p>{t('orders.awaitingPayment')}</p>
            <p>
              <button
                type="button"
                className="button button--primary button--small"
                onClick={() => void payNow()}
              >
                {t('orders.payNow')}
              </button>
            </p>
          </FormAlert>
        )}
        {order.notes && (
          <p data-testid="order-notes">
            <span className="muted">{t('orders.yourNote')}: </span>
            {order.notes}
          </p>
        )}
        {order.refundedPaise > 0 && (
          <p className="muted" data-testid="order-refund">
            {t('orders.refund', { amount: formatRupees(order.refundedPaise) })}
          </p>
        )}
      </section>

      {order.state === 'in_locker' && order.pickup?.pin && (
        <section className="panel pickup-pin" aria-labelledby="pin-title" data-testid="pickup-pin-panel">
          <h2 id="pin-title" className="panel__title">
            {t('orders.pinTitle')}
          </h2>
          <p className="pickup-pin__pin" data-testid="pickup-pin">
            {order.pickup.pin}
          </p>
          <p data-testid="pickup-site">
            {order.site && nameIn(order.site.name, language)}
            {` · ${t('orders.lockerNo', { no: order.pickup.locker })}`}
          </p>
          <p className="muted">
            {t('orders.pinUntil', { when: date.format(new Date(order.pickup.expiresAt)) })}
          </p>
          <p className="muted">{t('orders.pinHint')}</p>
        </section>
      )}

      {order.deliveryType === 'locker' && order.site && !DONE.has(order.state) && (
        <PickupPlace
          id={order.site.id}
          name={nameIn(order.site.name, language)}
          lat={order.site.lat}
          lng={order.site.lng}
        />
      )}
      {order.deliveryType === 'curbside' &&
        order.seller.lat !== null &&
        order.seller.lng !== null &&
        !DONE.has(order.state) && (
          <PickupPlace
            id={order.sellerId}
            name={shopName}
            lat={order.seller.lat}
            lng={order.seller.lng}
            phone={order.seller.phone ? `+${order.seller.phone}` : null}
            address={order.seller.address}
          />
        )}

      {stage !== 'none' && (
        <section className="panel stack" aria-labelledby="curbside-title" data-testid="curbside-panel">
          <h2 id="curbside-title" className="panel__title">
            {t('orders.curbside.title')}
          </h2>
          <p>
            {t('cart.delivery.vehicleNo')}: <strong>{order.vehicleNo}</strong>
          </p>
          {stage === 'scheduled' && order.scheduledFor && (
            <p className="note" data-testid="curbside-from-opening">
              {t('orders.curbside.fromOpening', { when: date.format(new Date(order.scheduledFor)) })}
            </p>
          )}
          {stage === 'waiting' && (
            <button
              type="button"
              className="button button--secondary"
              disabled={action.isPending}
              onClick={() => void run('on-my-way', undefined, t('orders.curbside.onMyWaySent'))}
              data-testid="on-my-way"
            >
              {t('orders.curbside.onMyWay')}
            </button>
          )}
          {(stage === 'waiting' || stage === 'ready') && (
            <>
              <Field label={t('orders.curbside.spot')} optional hint={t('orders.curbside.spotHint')}>
                {(ids) => (
                  <input
                    id={ids.input}
                    className="input"
                    value={spot}
                    onChange={(e) => setSpot(e.target.value)}
                    maxLength={60}
                    aria-describedby={ids.describedBy}
                    data-testid="curbside-spot"
                  />
                )}
              </Field>
              <button
                type="button"
                className="button button--primary"
                disabled={action.isPending}
                onClick={() =>
                  void run(
                    'arrived',
                    spot.trim() ? { landmark: spot.trim() } : {},
                    t('orders.curbside.hereSent'),
                  )
                }
                data-testid="im-here"
              >
                {action.isPending && <Spinner size={18} />}
                <span>{t('orders.curbside.imHere')}</span>
              </button>
            </>
          )}
          {stage === 'arrived' && (
            <p data-testid="curbside-arrived">
              {order.checkin.bay
                ? t('orders.curbside.comingToBay', { bay: order.checkin.bay })
                : t('orders.curbside.coming')}
            </p>
          )}
          {waiting.map((r) => (
            <p key={r.requestId} className="status-line" role="status" data-testid="curbside-waiting">
              <Spinner size={18} />
              {r.request.type === 'curbsideArrived'
                ? t('orders.curbside.waitingHere')
                : t('orders.curbside.waitingOnMyWay')}
            </p>
          ))}
        </section>
      )}

      <SubstitutionOffers order={order} />

      <section className="panel" aria-labelledby="timeline-title">
        <h2 id="timeline-title" className="panel__title">
          {t('orders.timelineTitle')}
        </h2>
        <OrderTimeline order={order} />
      </section>
      {!DONE.has(order.state) && (
        <>
          <AlertsPrompt />
          <InstallOffer />
        </>
      )}

      <section className="panel stack" aria-labelledby="items-title">
        <h2 id="items-title" className="panel__title">
          {t('orders.itemsTitle')}
        </h2>
        <ul className="cart-lines">
          {order.items.map((item) => (
            <li key={item.vrntId} className="cart-line">
              <ProductArt
                id={item.productId}
                image={item.image}
                label={nameIn(item.name, language)}
                size="sm"
              />
              <div className="cart-line__body">
                <span className="cart-line__name">{nameIn(item.name, language)}</span>
                <span className="muted">
                  {formatRupees(item.unitPricePaise)} × {item.quantity}
                </span>
                {item.unavailableQuantity > 0 && (
                  <span className="order-line__missing" data-testid={`missing-${item.vrntId}`}>
                    {t('orders.substitute.missing', {
                      count: item.unavailableQuantity,
                      amount: formatRupees(item.unitPricePaise * item.unavailableQuantity),
                    })}
                  </span>
                )}
                {order.substitutions
                  .filter((s) => s.vrntId === item.vrntId && s.status === 'accepted')
                  .map((s) => (
                    <span key={s.id} className="order-line__swap">
                      {t('orders.substitute.replaced', {
                        name: nameIn(s.substitute.name, language),
                        quantity: s.quantity,
                        price: formatRupees(s.substitute.unitPricePaise * s.quantity),
                      })}
                    </span>
                  ))}
              </div>
              <strong>{formatRupees(item.unitPricePaise * item.quantity)}</strong>
            </li>
          ))}
        </ul>
        <PriceSummary price={order.price} testId="order-price" />
      </section>
      {!UNBILLED.has(order.state) && <OrderInvoice order={order} />}

      <div className="form__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void reorder(order)}
          disabled={reordering}
          data-testid="reorder"
        >
          {reordering && <Spinner size={18} />}
          <span>{t('orders.reorder')}</span>
        </button>
        {canCancel(order) && (
          <button
            type="button"
            className="button button--danger-outline"
            onClick={() => void onCancel()}
            disabled={action.isPending || !online}
            data-testid="cancel-order"
          >
            {t('orders.cancel')}
          </button>
        )}
      </div>
      {action.isError && !isApiError(action.error) && <p className="muted">{errorText(action.error)}</p>}
    </div>
  );
}

import { formatRupees } from '@petti/shared/rules/money';
import { displayPhone } from '@petti/shared/rules/phone';
import { townTime } from '@petti/shared/rules/town-time';
import { PREP_MINUTES, REJECT_REASONS, type RejectReason, type ShopOrder } from '@petti/shared/schemas/shops';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { localName } from '../../../lib/shop/product-text.ts';
import { minutesWaiting, nextStep } from '../order-steps.ts';

const PREP_CHOICES = [10, PREP_MINUTES.default, 20, 30, 45, 60] as const;

export interface OrderActions {
  accept: (order: ShopOrder, prepMinutes: number) => Promise<void>;
  reject: (order: ShopOrder, reason: RejectReason) => Promise<void>;
  step: (order: ShopOrder) => Promise<void>;
}

/**
 * One order on the board: how it goes out, what is in it, who bought it, how long it has waited, and
 * the shop's next step. Built to be read at arm's length on a small phone by someone holding a bag.
 */
export function ShopOrderCard({
  order,
  nowMs,
  canAct,
  actions,
}: {
  order: ShopOrder;
  nowMs: number;
  canAct: boolean;
  actions: OrderActions;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const [prep, setPrep] = useState<number>(PREP_MINUTES.default);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState<RejectReason>('out_of_stock');
  const [busy, setBusy] = useState(false);
  const step = nextStep(order);
  const waited = minutesWaiting(order, nowMs);
  const scheduled = order.state === 'placed' && order.scheduledFor && Date.parse(order.scheduledFor) > nowMs;
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const lastBy = [...order.shopTimeline].reverse().find((s) => s.by);

  return (
    <li className="shop-order" data-testid={`shop-order-${order.id}`} data-state={order.state}>
      <div className="shop-order__head">
        <span className="badge badge--progress">{t(`shops.type.${order.deliveryType}`)}</span>
        <strong className="shop-order__number">
          {t('shops.order.number', { id: order.id.slice(-5).toUpperCase() })}
        </strong>
        <span
          className={`shop-order__wait${order.state === 'placed' && waited >= 5 ? ' shop-order__wait--late' : ''}`}
        >
          {order.state === 'placed'
            ? waited >= 60
              ? t('shops.order.waitedHours', { hours: Math.floor(waited / 60), minutes: waited % 60 })
              : t('shops.order.waited', { minutes: waited })
            : order.state === 'arrived'
              ? t('shops.order.arrived')
              : t(`orders.status.${order.state}`)}
        </span>
      </div>

      {scheduled && (
        <p className="shop-order__note">
          {t('shops.order.opensAt', { time: townTime(order.scheduledFor!, language) })}
        </p>
      )}
      {order.readyBy && !['delivered', 'collected', 'handed_over', 'cancelled'].includes(order.state) && (
        <p className="shop-order__note">
          {t('shops.order.readyBy', { time: townTime(order.readyBy, language) })}
        </p>
      )}

      <ul className="shop-order__items" aria-label={t('shops.order.items')}>
        {order.items.map((item) => (
          <li key={item.vrntId}>
            <span className="shop-order__qty">{item.quantity} ×</span> {localName(item.name, language)}
          </li>
        ))}
      </ul>

      <div className="shop-order__where">
        {order.deliveryType === 'home' && order.address && (
          <p>
            <span className="muted">{t('shops.order.deliverTo')}: </span>
            {order.address.line1}
            {order.address.line2 ? `, ${order.address.line2}` : ''}
            {order.address.landmark
              ? ` · ${t('shops.order.landmark', { landmark: order.address.landmark })}`
              : ''}
          </p>
        )}
        {order.deliveryType === 'locker' && order.site && (
          <p>
            {t('shops.order.locker', { site: localName(order.site.name, language) })}
            {order.pickup?.locker ? ` · ${t('shops.order.lockerPin', { locker: order.pickup.locker })}` : ''}
          </p>
        )}
        {order.deliveryType === 'curbside' && (
          <p className={order.state === 'arrived' ? 'shop-order__here' : undefined}>
            {t('shops.order.curbside', { vehicle: order.vehicleNo ?? '' })}
            {order.checkin.onMyWayAt && order.state !== 'arrived' ? ` · ${t('shops.order.onMyWay')}` : ''}
            {order.checkin.bay ? ` · ${t('shops.order.bay', { bay: order.checkin.bay })}` : ''}
          </p>
        )}
        <p>
          <span className="muted">{t('shops.order.buyer')}: </span>
          {order.buyer.name}{' '}
          {order.buyer.phone && (
            <a
              href={`tel:+${order.buyer.phone}`}
              aria-label={t('shops.order.call', { name: order.buyer.name })}
            >
              {displayPhone(order.buyer.phone)}
            </a>
          )}
        </p>
        <p className="muted">
          {t('shops.order.paid', { amount: formatRupees(order.price.totalPaise) })}
          {order.refundedPaise > 0
            ? ` · ${t('shops.order.refunded', { amount: formatRupees(order.refundedPaise) })}`
            : ''}
        </p>
        {lastBy && (
          <p className="muted shop-order__by">
            {t('shops.order.by', {
              state: t(`orders.status.${lastBy.state}`),
              name: lastBy.by,
              time: townTime(lastBy.at, language),
            })}
          </p>
        )}
      </div>

      {canAct && step === 'accept' && !scheduled && !rejecting && (
        <div className="shop-order__actions">
          <label className="shop-order__prep">
            <span>{t('shops.accept.prep')}</span>
            <select
              className="input"
              value={prep}
              onChange={(e) => setPrep(Number(e.target.value))}
              disabled={busy}
            >
              {PREP_CHOICES.map((m) => (
                <option key={m} value={m}>
                  {t('shops.accept.minutes', { count: m })}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void run(() => actions.accept(order, prep))}
            data-testid="accept"
          >
            {t('shops.accept.button')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => setRejecting(true)}
          >
            {t('shops.reject.button')}
          </button>
        </div>
      )}
      {canAct && rejecting && (
        <fieldset className="shop-order__reject">
          <legend>{t('shops.reject.title')}</legend>
          <p className="muted">{t('shops.reject.body')}</p>
          <select
            className="input"
            value={reason}
            onChange={(e) => setReason(e.target.value as RejectReason)}
            aria-label={t('shops.reject.title')}
          >
            {REJECT_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`shops.reject.reasons.${r}`)}
              </option>
            ))}
          </select>
          <div className="shop-order__actions">
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => void run(() => actions.reject(order, reason))}
              data-testid="reject-confirm"
            >
              {t('shops.reject.confirm')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setRejecting(false)}>
              {t('shops.reject.cancel')}
            </button>
          </div>
        </fieldset>
      )}
      {canAct && step && step !== 'accept' && (
        <div className="shop-order__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void run(() => actions.step(order))}
            data-testid={`step-${step}`}
          >
            {t(`shops.steps.${step}`)}
          </button>
          {order.state === 'accepted' && (
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => setRejecting(true)}
            >
              {t('shops.reject.button')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

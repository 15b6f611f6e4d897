import { formatRupees } from '@petti/shared/rules/money';
import { ORDER_FINAL_STATES } from '@petti/shared/rules/order-states';
import { displayPhone } from '@petti/shared/rules/phone';
import { PREP_MINUTES, REJECT_REASONS, type RejectReason } from '@petti/shared/rules/shop-board';
import { townTime } from '@petti/shared/rules/town-time';
import type { ShopOrder } from '@petti/shared/schemas/shops';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { localName } from '../../../lib/shop/product-text.ts';
import { minutesWaiting, nextStep } from '../order-steps.ts';
import { ItemProblem } from './item-problem.tsx';

const PREP_CHOICES = [10, PREP_MINUTES.default, 20, 30, 45, 60] as const;
/** Before packing, the shop may still say an item is not there. */
const CHANGEABLE = new Set(['placed', 'accepted']);

export interface OrderActions {
  accept: (order: ShopOrder, prepMinutes: number) => Promise<void>;
  reject: (order: ShopOrder, reason: RejectReason) => Promise<void>;
  step: (order: ShopOrder, proof?: { code?: string }) => Promise<void>;
  /** A home delivery's proof photo, then delivered. */
  deliverWithPhoto: (order: ShopOrder, photo: File) => Promise<void>;
  unavailable: (order: ShopOrder, vrntId: string, quantity: number) => Promise<void>;
  substitute: (order: ShopOrder, vrntId: string, substituteVrntId: string, quantity: number) => Promise<void>;
}

/** How many of a line are still coming: not missing, not promised to a substitute. */
function stillComing(order: ShopOrder, line: ShopOrder['items'][number]): number {
  const promised = order.substitutions
    .filter((s) => s.vrntId === line.vrntId && (s.status === 'offered' || s.status === 'accepted'))
    .reduce((n, s) => n + s.quantity, 0);
  return line.quantity - line.unavailableQuantity - promised;
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
  const turnDown = (
    <button
      type="button"
      className="button button--ghost"
      disabled={busy}
      onClick={() => setRejecting(true)}
      data-testid="reject"
    >
      {t('shops.reject.button')}
    </button>
  );

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
        {order.items.map((item) => {
          const left = stillComing(order, item);
          return (
            <li key={item.vrntId} className="shop-order__line" data-testid={`line-${item.vrntId}`}>
              <span className={left === 0 ? 'shop-order__line--gone' : undefined}>
                <span className="shop-order__qty">{item.quantity} ×</span> {localName(item.name, language)}
              </span>
              {item.unavailableQuantity > 0 && (
                <span className="shop-order__sub muted">
                  {t('shops.item.missing', { count: item.unavailableQuantity })}
                </span>
              )}
              {order.substitutions
                .filter((s) => s.vrntId === item.vrntId)
                .map((s) => (
                  <span key={s.id} className="shop-order__sub" data-testid={`sub-${s.status}`}>
                    {t(`shops.item.${s.status}`, {
                      name: localName(s.substitute.name, language),
                      quantity: s.quantity,
                      time: townTime(s.expiresAt, language),
                    })}
                  </span>
                ))}
              {canAct && CHANGEABLE.has(order.state) && left > 0 && (
                <ItemProblem
                  shopId={order.sellerId}
                  line={item}
                  left={left}
                  actions={{
                    unavailable: (line, quantity) => actions.unavailable(order, line.vrntId, quantity),
                    substitute: (line, sub, quantity) =>
                      actions.substitute(order, line.vrntId, sub, quantity),
                  }}
                />
              )}
            </li>
          );
        })}
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
          <p
            className={order.state === 'arrived' ? 'shop-order__here' : undefined}
            data-testid="shop-order-curbside"
          >
            {t('shops.order.curbside', { vehicle: order.vehicleNo ?? '' })}
            {/* "On the way" only while they are: not once they are here, nor once the order is done. */}
            {order.checkin.onMyWayAt &&
            !order.checkin.arrivedAt &&
            !(ORDER_FINAL_STATES as readonly string[]).includes(order.state)
              ? ` · ${t('shops.order.onMyWay')}`
              : ''}
            {order.checkin.bay ? ` · ${t('shops.order.bay', { bay: order.checkin.bay })}` : ''}
            {order.checkin.landmark ? ` · ${t('shops.order.parked', { spot: order.checkin.landmark })}` : ''}
          </p>
        )}
        {order.notes && (
          <p className="shop-order__notes" data-testid="shop-order-notes">
            <span className="muted">{t('shops.order.notes')}: </span>
            {order.notes}
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
              state: t(`shops.order.did.${lastBy.step}`),
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
          {turnDown}
        </div>
      )}
      {canAct && rejecting && (
        <fieldset className="shop-fieldset">
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
      {canAct && step === 'deliver' && order.deliveryType === 'home' && (
        <HandOver order={order} busy={busy} run={run} actions={actions} />
      )}
      {canAct && step && step !== 'accept' && !(step === 'deliver' && order.deliveryType === 'home') && (
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
          {order.state === 'accepted' && turnDown}
        </div>
      )}
    </li>
  );
}

/**
 * Home delivery's hand-over (docs/shops.md#hand-over): the 4-digit code the buyer says at the door,
 * or a photo taken there. The photo is the way when the buyer is out or the code was mistyped three times.
 */
function HandOver({
  order,
  busy,
  run,
  actions,
}: {
  order: ShopOrder;
  busy: boolean;
  run: (action: () => Promise<void>) => Promise<void>;
  actions: OrderActions;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  // The photo is looked at before it counts: delivered only on "Use this photo", else taken again.
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);
  const pick = (file: File | undefined) => {
    if (file) setPicked({ file, url: URL.createObjectURL(file) });
  };
  const camera = (label: string, testId: string, className: string) => (
    <label className={`button ${className} shop-order__photo`}>
      {label}
      <input
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          pick(file);
        }}
        data-testid={testId}
      />
    </label>
  );
  if (picked) {
    return (
      <figure className="shop-order__handover shop-order__proof" data-testid="proof-preview">
        <figcaption>{t('shops.handover.check')}</figcaption>
        <img src={picked.url} alt={t('shops.handover.previewAlt')} />
        <div className="shop-order__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void run(() => actions.deliverWithPhoto(order, picked.file))}
            data-testid="proof-confirm"
          >
            {t('shops.handover.use')}
          </button>
          {camera(t('shops.handover.retake'), 'proof-retake', 'button--ghost')}
        </div>
      </figure>
    );
  }
  return (
    <div className="shop-order__handover">
      <label className="field__label" htmlFor={`code-${order.id}`}>
        {t('shops.handover.code')}
      </label>
      <div className="shop-order__actions">
        <input
          id={`code-${order.id}`}
          className="input shop-order__code"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          data-testid="delivery-code"
        />
        <button
          type="button"
          className="button button--primary"
          disabled={busy || code.length !== 4}
          onClick={() => void run(() => actions.step(order, { code }))}
          data-testid="step-deliver"
        >
          {t('shops.steps.deliver')}
        </button>
      </div>
      {camera(t('shops.handover.photo'), 'proof-photo', 'button--secondary')}
    </div>
  );
}

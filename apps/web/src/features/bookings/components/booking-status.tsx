import { LOCKER_RULES } from '@petti/shared/constants';
import { EVENTS } from '@petti/shared/events';
import { CANCELLABLE_STATES, EXTENDABLE_STATES, OPENABLE_STATES } from '@petti/shared/rules/booking-states';
import { formatRupees } from '@petti/shared/rules/money';
import type { Booking } from '@petti/shared/schemas/lockers';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useLiveEvents } from '../../../lib/realtime/index.ts';
import { clock, finalMessageKey } from '../booking-view.ts';
import { paymentOf, useBookingActions } from '../use-booking-actions.ts';
import { ExtendControl } from './extend-control.tsx';
import { MoveStart } from './move-start.tsx';
import { PinCard } from './pin-card.tsx';
import { StatusChip } from './status-chip.tsx';
import { WaitlistOffers } from './waitlist-offers.tsx';

const includes = <T extends string>(list: readonly T[], value: string): value is T =>
  list.includes(value as T);

/** The refund the cancellation policy gives now (docs/lockers.md), for the confirm's message. */
function refundNoteKey(b: Booking, nowMs: number) {
  if (b.state === 'waitlisted' || b.state === 'awaiting_payment') return 'lockers.cancelNothing' as const;
  const fullBefore = LOCKER_RULES.fullRefundBeforeStartMinutes * 60_000;
  if (b.state === 'scheduled' && Date.parse(b.startsAt) - nowMs >= fullBefore)
    return 'lockers.cancelFull' as const;
  return 'lockers.cancelHalf' as const;
}

/** One booking, live: what state it is in, what to do next, and every action its state allows. */
export function BookingStatus({ booking, nowMs }: { booking: Booking; nowMs: number }) {
  const { t, i18n } = useTranslation();
  const fmt = useDateFormat();
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const actions = useBookingActions(booking);
  const payment = paymentOf(booking.payment);
  const label = booking.locker?.label ?? '';
  const s = booking.state;
  // Too many wrong PINs paused the site's keypad (told live): the app's own Open still works.
  const [keypadPausedUntil, setKeypadPausedUntil] = useState<number | null>(null);
  useLiveEvents((e) => {
    if (e.data.bookingId !== booking.id) return;
    if (e.event === EVENTS.keypadPaused) {
      const until = Date.parse(String(e.data.until));
      if (Number.isFinite(until)) setKeypadPausedUntil(until);
    }
  });
  // The site offline: read with the booking from the server (on every load, and again whenever the
  // server says the booking or the site changed), so a reload never forgets it.
  const offline = booking.siteOffline && includes(OPENABLE_STATES, s) ? booking.siteOffline : null;
  const offlinePinUntil = offline?.pinWorksUntil ? Date.parse(offline.pinWorksUntil) : null;

  return (
    <section className="panel booking-status" data-testid="booking-status" data-state={s} aria-live="polite">
      <header className="booking-status__head">
        <div>
          <h2 className="panel__title">
            {t('lockers.sizeAt', { size: booking.size, site: booking.site.name[lang] })}
          </h2>
          {booking.locker && <p className="booking-status__locker">{t('lockers.lockerLabel', { label })}</p>}
        </div>
        <StatusChip state={s} />
      </header>

      <p className="booking-status__times">
        {t('lockers.from', { time: fmt.timeOrDateTime(booking.startsAt, nowMs) })} ·{' '}
        {t('lockers.until', { time: fmt.timeOrDateTime(booking.endsAt, nowMs) })}
      </p>
      {booking.openedAt && (
        <p className="booking-status__times" data-testid="opened-at">
          {t('lockers.firstOpened', { time: fmt.timeOrDateTime(booking.openedAt, nowMs) })}
        </p>
      )}
      {offline && (
        <p className="form-note" role="status" data-testid="offline-pin-note">
          {offlinePinUntil !== null && offlinePinUntil > nowMs
            ? t('lockers.offlinePinWorks', { time: fmt.timeOrDateTime(offlinePinUntil, nowMs) })
            : t('lockers.offlineNoPin')}
        </p>
      )}

      {s === 'awaiting_payment' && (
        <div className="stack">
          <p>{t('lockers.holdExplain')}</p>
          {booking.holdExpiresAt && (
            <p className="booking-status__countdown" data-testid="hold-countdown">
              {t('lockers.holdEndsIn', { time: clock(Date.parse(booking.holdExpiresAt) - nowMs) })}
            </p>
          )}
          {payment && (
            <button
              type="button"
              className="button button--primary button--block"
              onClick={() => void actions.pay(payment)}
              data-testid="pay-booking"
            >
              {t('lockers.payNow', { amount: formatRupees(payment.amount) })}
            </button>
          )}
        </div>
      )}

      {s === 'scheduled' && (
        <div className="stack">
          <p>
            {t('lockers.scheduledExplain', {
              start: fmt.dateTime(booking.startsAt),
              end: fmt.timeOrDateTime(booking.endsAt, Date.parse(booking.startsAt)),
            })}
          </p>
          <p className="booking-status__countdown">
            {t('lockers.startsIn', { time: clock(Date.parse(booking.startsAt) - nowMs) })}
          </p>
          {!booking.pin && <p className="form-note">{t('lockers.pinComing')}</p>}
          <MoveStart booking={booking} nowMs={nowMs} onMove={actions.move} moving={actions.moving} />
        </div>
      )}

      {(s === 'reserved' || s === 'active') && (
        <p className="booking-status__countdown" data-testid="ends-countdown">
          {t('lockers.endsIn', { time: clock(Date.parse(booking.endsAt) - nowMs) })}
        </p>
      )}

      {s === 'expired' && booking.overstay && (
        <div className="form-alert form-alert--error" role="alert">
          <div className="form-alert__body">
            <strong>{t('lockers.overstayTitle')}</strong>
            <p>
              {t('lockers.overstayBody', {
                count: booking.overstay.hours,
                amount: formatRupees(booking.overstay.duePaise),
              })}
            </p>
            {payment && booking.overstay.duePaise > 0 && (
              <button
                type="button"
                className="button button--primary"
                onClick={() => void actions.pay(payment)}
                data-testid="pay-overstay"
              >
                {t('lockers.overstayPay', { amount: formatRupees(payment.amount) })}
              </button>
            )}
          </div>
        </div>
      )}

      {booking.pendingExtension && payment && s !== 'awaiting_payment' && s !== 'expired' && (
        <div className="form-alert form-alert--info">
          <div className="form-alert__body">
            <p>
              {t('lockers.extendPending', {
                amount: formatRupees(booking.pendingExtension.amountPaise),
                count: booking.pendingExtension.hours,
              })}
            </p>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void actions.pay(payment)}
            >
              {t('lockers.payNow', { amount: formatRupees(payment.amount) })}
            </button>
          </div>
        </div>
      )}

      {keypadPausedUntil !== null && keypadPausedUntil > nowMs && includes(OPENABLE_STATES, s) && (
        <p className="note" role="status" data-testid="keypad-paused">
          {t('lockers.keypadPaused', { time: fmt.timeOrDateTime(keypadPausedUntil, nowMs) })}
        </p>
      )}

      {booking.pin && (
        <PinCard
          booking={{ ...booking, lockerLabel: booking.locker?.label ?? null, siteName: booking.site.name }}
          nowMs={nowMs}
          actions={{
            // Offline, the server cannot reach the door: the note says what still works instead.
            onOpen: includes(OPENABLE_STATES, s) && !offline ? () => void actions.open() : undefined,
            opening: actions.opening,
            // Nor a new PIN: the keypad keeps the list it had, so only the old one would open.
            onRenew: offline ? undefined : () => void actions.renewPin(),
            renewing: actions.renewing,
          }}
        />
      )}

      {s === 'waitlisted' && <WaitlistOffers booking={booking} />}

      {(s === 'ended' || s === 'timed_out' || s === 'cancelled') && (
        <div className="stack">
          <p>{t(finalMessageKey(booking) ?? 'lockers.finalEnded')}</p>
          <Link className="button button--primary" to={`/booking/${booking.siteId}`} data-testid="book-again">
            {t('lockers.bookAgain')}
          </Link>
        </div>
      )}

      <div className="booking-status__actions">
        {includes(EXTENDABLE_STATES, s) && !booking.pendingExtension && (
          <ExtendControl booking={booking} onExtend={actions.extend} extending={actions.extending} />
        )}
        {s === 'active' && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void actions.end()}
            disabled={actions.ending}
            data-testid="end-booking"
          >
            {t('lockers.end')}
          </button>
        )}
        {includes(CANCELLABLE_STATES, s) && (
          <button
            type="button"
            className="button button--danger-outline"
            onClick={() => void actions.cancel(t(refundNoteKey(booking, nowMs)))}
            disabled={actions.cancelling}
            data-testid="cancel-booking"
          >
            {s === 'waitlisted' ? t('lockers.leaveWaitlist') : t('lockers.cancel')}
          </button>
        )}
      </div>
    </section>
  );
}

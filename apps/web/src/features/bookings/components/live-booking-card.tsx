import type { Booking } from '@petti/shared/schemas/lockers';
import { Link } from 'react-router';
import { bookingPath } from '../../../lib/bookings/bookings.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { clock } from '../booking-view.ts';
import { useBookingActions } from '../use-booking-actions.ts';
import { PinCard } from './pin-card.tsx';
import { StatusChip } from './status-chip.tsx';

/** A live booking on the dashboard: where, which locker, how long left, the PIN and the open button. */
export function LiveBookingCard({ booking, nowMs }: { booking: Booking; nowMs: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const actions = useBookingActions(booking);
  const target =
    booking.state === 'scheduled' || booking.state === 'waitlisted'
      ? t('lockers.startsIn', { time: clock(Date.parse(booking.startsAt) - nowMs) })
      : booking.state === 'awaiting_payment' && booking.holdExpiresAt
        ? t('lockers.holdEndsIn', { time: clock(Date.parse(booking.holdExpiresAt) - nowMs) })
        : t('lockers.endsIn', { time: clock(Date.parse(booking.endsAt) - nowMs) });
  return (
    <li className="panel live-booking" data-testid="live-booking" data-state={booking.state}>
      <header className="booking-status__head">
        <div>
          <h3 className="panel__title">
            {t('lockers.sizeAt', { size: booking.size, site: booking.site.name[lang] })}
          </h3>
          {booking.locker && (
            <p className="booking-status__locker">
              {t('lockers.lockerLabel', { label: booking.locker.label })}
            </p>
          )}
        </div>
        <StatusChip state={booking.state} />
      </header>
      <p className="booking-status__countdown">{target}</p>
      {booking.pin && (
        <PinCard
          booking={{ ...booking, lockerLabel: booking.locker?.label ?? null, siteName: booking.site.name }}
          nowMs={nowMs}
          actions={{
            onOpen: ['reserved', 'active', 'expired'].includes(booking.state)
              ? () => void actions.open()
              : undefined,
            opening: actions.opening,
          }}
        />
      )}
      <Link
        className="button button--ghost button--small"
        to={bookingPath(booking)}
        data-testid="booking-details"
      >
        {t('lockers.details')}
      </Link>
    </li>
  );
}

import type { Booking } from '@petti/shared/schemas/lockers';
import { useState } from 'react';
import { Link } from 'react-router';
import { bookingPath, useBookingList } from '../../../lib/bookings/bookings.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { StatusChip } from './status-chip.tsx';

/**
 * The bookings that have ended, asked for only when the shopper opens the list. Each says its day
 * as well as its time: "4:30 pm" alone in a list of the past does not say which day.
 */
export function PastBookings() {
  const { t, i18n } = useTranslation();
  const fmt = useDateFormat();
  const [open, setOpen] = useState(false);
  const past = useBookingList('past', open);
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  return (
    <section className="stack" aria-labelledby="past-bookings">
      <h2 id="past-bookings" className="panel__title">
        {t('lockers.pastBookings')}
      </h2>
      {!open ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setOpen(true)}
          data-testid="show-past"
        >
          {t('lockers.showPast')}
        </button>
      ) : past.isPending ? (
        <LoadingLine />
      ) : past.isError ? (
        <LoadFailedAlert reason={t('lockers.loadFailed')} onRetry={() => void past.refetch()} />
      ) : past.data.data.length === 0 ? (
        <p className="empty-note">{t('lockers.noPast')}</p>
      ) : (
        <ul className="past-list" data-testid="past-list">
          {past.data.data.map((b: Booking) => (
            <li key={b.id} className="past-list__item">
              <Link to={bookingPath(b)}>
                <span className="past-list__what">
                  {t('lockers.sizeAt', { size: b.size, site: b.site.name[lang] })}
                </span>
                <span className="past-list__when">{fmt.dateTime(b.endedAt ?? b.endsAt)}</span>
              </Link>
              <StatusChip state={b.state} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

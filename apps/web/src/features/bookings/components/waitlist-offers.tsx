import { formatRupees } from '@petti/shared/rules/money';
import type { Booking } from '@petti/shared/schemas/lockers';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { useBook } from '../use-book.ts';

/**
 * A full size: the waitlist place, and the two offers (another size now, the same size later) plus
 * other sites. Taking an offer is a new booking; the waitlisted one is left to lapse or be cancelled.
 */
export function WaitlistOffers({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation();
  const fmt = useDateFormat();
  const errorText = useErrorText();
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const { book, pending } = useBook();
  const offers = booking.offers;

  const take = async (body: Parameters<typeof book>[0]) => {
    try {
      await book(body);
    } catch (error) {
      toast.error(errorText(error), { id: 'offer-failed' });
    }
  };

  return (
    <div className="stack" data-testid="waitlist">
      <p>
        <strong>{t('lockers.waitlistTitle')}</strong>
      </p>
      {booking.waitlistPosition !== null && (
        <p>{t('lockers.waitlistPosition', { position: booking.waitlistPosition })}</p>
      )}
      {offers && (offers.otherSizes.length > 0 || offers.sameSizeLater || offers.otherSites.length > 0) && (
        <>
          <h3 className="panel__title">{t('lockers.offersTitle')}</h3>
          <ul className="offer-list">
            {offers.otherSizes.map((o) => (
              <li key={o.size} className="offer-list__item">
                <span>
                  {t('lockers.offerOtherSize', {
                    size: t(`lockers.sizes.${o.size}`),
                    count: o.free,
                    amount: formatRupees(o.amountPaise),
                  })}
                </span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={pending}
                  onClick={() =>
                    void take({ siteId: booking.siteId, size: o.size, durationHours: booking.durationHours })
                  }
                  data-testid={`offer-size-${o.size}`}
                >
                  {t('lockers.offerTakeSize', { size: o.size })}
                </button>
              </li>
            ))}
            {offers.sameSizeLater && (
              <li className="offer-list__item">
                <span>{t('lockers.offerLater', { start: fmt.dateTime(offers.sameSizeLater.startsAt) })}</span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={pending}
                  onClick={() =>
                    void take({
                      siteId: booking.siteId,
                      size: booking.size,
                      durationHours: booking.durationHours,
                      startAt: offers.sameSizeLater?.startsAt,
                    })
                  }
                  data-testid="offer-later"
                >
                  {t('lockers.offerTakeLater')}
                </button>
              </li>
            )}
            {offers.otherSites.map((o) => (
              <li key={o.siteId} className="offer-list__item">
                <span>{t('lockers.offerOtherSite', { site: o.name[lang], count: o.free })}</span>
                <Link className="button button--ghost button--small" to={`/booking/${o.siteId}`}>
                  {t('lockers.offerGoSite')}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

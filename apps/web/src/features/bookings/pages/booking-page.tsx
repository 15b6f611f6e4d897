import type { LockerSite } from '@petti/shared/schemas/lockers';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PaymentOutcomeBanner, usePaymentReturn } from '../../../lib/checkout/checkout.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { InstallOffer } from '../../../lib/install/install-offer.tsx';
import { AlertsPrompt } from '../../../lib/push/alerts-prompt.tsx';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { useServerNow } from '../../../lib/use-server-now.ts';
import { useBooking, useLockerSites } from '../api/bookings-api.ts';
import { BookingForm } from '../components/booking-form.tsx';
import { BookingStatus } from '../components/booking-status.tsx';
import { SiteMap } from '../components/site-map.tsx';
import { SiteSummary } from '../components/site-summary.tsx';
import { useBookingEvents } from '../use-booking-events.ts';
import '../bookings.css';

/**
 * /booking/:name — book a locker at one site; with `?booking=<id>` (where the checkout returns) the
 * booking's live status through every state, first on the page and in its title.
 */
export default function BookingPage() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  const [params] = useSearchParams();
  const bookingId = params.get('booking');
  const [refusal, setRefusal] = useState<string | null>(null);
  useBookingEvents(setRefusal);
  const payment = usePaymentReturn();
  const sites = useLockerSites();
  const errorText = useErrorText();
  const site = sites.data?.sites.find((s) => s.id === name);

  return (
    <PageIntro page={bookingId ? 'yourBooking' : 'booking'}>
      <PaymentOutcomeBanner outcome={payment} />
      {sites.isPending ? (
        <LoadingLine />
      ) : sites.isError && !site ? (
        <LoadFailedAlert
          title={t('lockers.sitesLoadFailed')}
          reason={errorText(sites.error)}
          error={sites.error}
          onRetry={() => void sites.refetch()}
        />
      ) : !site ? (
        <div className="panel stack" data-testid="site-not-found">
          <p>{t('lockers.siteNotFound')}</p>
          <Link className="button button--secondary" to="/dashboard">
            {t('lockers.backToSites')}
          </Link>
        </div>
      ) : (
        <>
          {/* Once booked, the page is the booking: its PIN and state come first, not under the site. */}
          {bookingId && <BookingView id={bookingId} />}
          <SiteSummary site={site} />
          <SiteMap sites={[site]} here={null} height={180} />
          {bookingId ? (
            <Link className="button button--ghost" to={`/booking/${site.id}`} data-testid="book-another">
              {t('lockers.bookAnother')}
            </Link>
          ) : site.closed ? (
            <ClosedSite site={site} />
          ) : (
            <BookingForm site={site} refusal={refusal} onSubmitting={() => setRefusal(null)} />
          )}
        </>
      )}
    </PageIntro>
  );
}

/** A site closed for repairs takes no booking: said in place of the form, with the way to the others. */
function ClosedSite({ site }: { site: LockerSite }) {
  const { t } = useTranslation();
  const { timeOrDateTime } = useDateFormat();
  const until = site.closed?.until && Date.parse(site.closed.until) > Date.now() ? site.closed.until : null;
  return (
    <div className="panel stack" role="status" data-testid="site-closed">
      <p>
        {until
          ? t('lockers.closedBody', { time: timeOrDateTime(until, Date.now()) })
          : t('lockers.closedBodyNoUntil')}
      </p>
      <Link className="button button--secondary" to="/dashboard">
        {t('lockers.backToSites')}
      </Link>
    </div>
  );
}

function BookingView({ id }: { id: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const booking = useBooking(id);
  const live = booking.data && !['ended', 'timed_out', 'cancelled'].includes(booking.data.state);
  const nowMs = useServerNow(Boolean(live));
  if (booking.isPending) {
    return <LoadingLine />;
  }
  if (booking.isError) {
    return (
      <LoadFailedAlert
        title={t('lockers.loadFailed')}
        reason={errorText(booking.error)}
        error={booking.error}
        onRetry={() => void booking.refetch()}
      />
    );
  }
  return (
    <>
      <BookingStatus booking={booking.data} nowMs={nowMs} />
      {live && (
        <>
          <AlertsPrompt />
          <InstallOffer />
        </>
      )}
    </>
  );
}

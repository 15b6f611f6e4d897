import { STORAGE_KEYS } from '@petti/shared/constants';
import type { LockerSite } from '@petti/shared/schemas/lockers';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { liveBookings, useBookingList } from '../../../lib/bookings/bookings.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { MAP_HEIGHT } from '../../../lib/map/slippy-map.tsx';
import { localStore } from '../../../lib/storage.ts';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { Later } from '../../../lib/ui/later.tsx';
import { WhenNear } from '../../../lib/ui/near-image.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { LoadingStatus, Skeleton, SkeletonText } from '../../../lib/ui/skeleton.tsx';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';
import { useServerNow } from '../../../lib/use-server-now.ts';
import { useLockerSites } from '../api/bookings-api.ts';
import { distanceText, sitesByDistance } from '../booking-view.ts';
import { LiveBookingCard } from '../components/live-booking-card.tsx';
import { PastBookings } from '../components/past-bookings.tsx';
import { PinCard } from '../components/pin-card.tsx';
import { SiteMap } from '../components/site-map.tsx';
import { SiteSummary } from '../components/site-summary.tsx';
import { YourPlan } from '../components/your-plan.tsx';
import { readLastBookings, saveLastBookings } from '../last-bookings.ts';
import { useBookingEvents } from '../use-booking-events.ts';
import { useHere } from '../use-here.ts';
import '../bookings.css';

const PettiInTown = lazy(() =>
  import('../components/petti-in-town.tsx').then((m) => ({ default: m.PettiInTown })),
);

/** /dashboard — the user's live lockers with their PINs first, then the sites around them. */
export default function DashboardPage() {
  useBookingEvents();
  return (
    <PageIntro page="dashboard">
      <YourLockers />
      {/* On a first visit each section is its own task: one screen of data at once was a long one. */}
      <Later>
        <NearbySites />
      </Later>
      <Later>
        <PastBookings />
      </Later>
      {/* Below the sites: it comes with its own request, and must not push the map about as it does. */}
      <Later>
        <YourPlan />
      </Later>
      {/* The last section, far below a phone's first screen: its code and the shops' list come when it nears. */}
      <WhenNear minHeight={480} testId="petti-in-town-place">
        <Suspense fallback={null}>
          <PettiInTown />
        </Suspense>
      </WhenNear>
    </PageIntro>
  );
}

function YourLockers() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const online = useOnlineStatus();
  const recent = useBookingList('recent');
  const live = recent.data ? liveBookings(recent.data.data) : [];
  const nowMs = useServerNow(live.length > 0 || !online);

  // Keep the PINs on the phone for when it is offline at the locker.
  useEffect(() => {
    if (recent.data) saveLastBookings(localStore(), liveBookings(recent.data.data), Date.now());
  }, [recent.data]);

  return (
    <section className="stack" aria-labelledby="your-lockers">
      <h2 id="your-lockers" className="panel__title">
        {t('lockers.yourLockers')}
      </h2>
      {recent.isPending && online ? (
        <>
          <LoadingStatus />
          <SkeletonText className="empty-note">{t('lockers.noLiveBookings')}</SkeletonText>
        </>
      ) : recent.data && online ? (
        live.length === 0 ? (
          <p className="empty-note" data-testid="no-live-bookings">
            {t('lockers.noLiveBookings')}
          </p>
        ) : (
          <ul className="live-list">
            {live.map((b) => (
              <LiveBookingCard key={b.id} booking={b} nowMs={nowMs} />
            ))}
          </ul>
        )
      ) : !online || recent.isError ? (
        <OfflineCopy
          nowMs={nowMs}
          error={online && recent.isError ? errorText(recent.error) : null}
          onRetry={() => void recent.refetch()}
        />
      ) : null}
    </section>
  );
}

/** The PINs this phone saved, shown when the bookings cannot be fetched. */
function OfflineCopy({
  nowMs,
  error,
  onRetry,
}: {
  nowMs: number;
  error: string | null;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const fmt = useDateFormat();
  const saved = readLastBookings(localStore(), nowMs);
  const withPin = saved?.bookings.filter((b) => b.pin) ?? [];
  return (
    <div className="stack" data-testid="offline-pins">
      {error && <LoadFailedAlert reason={error} onRetry={onRetry} />}
      {saved && withPin.length > 0 ? (
        <>
          <p className="form-note">
            {t('lockers.offlineCopy', { time: fmt.timeOrDateTime(saved.savedAt, nowMs) })}
          </p>
          <ul className="live-list">
            {withPin.map((b) => (
              <li key={b.id} className="panel live-booking" data-testid="offline-pin">
                {/* Where and which door, as online: the PIN alone does not say which locker it opens. */}
                <header className="booking-status__head">
                  <div>
                    <h3 className="panel__title" data-testid="offline-pin-site">
                      {t('lockers.sizeAt', { size: b.size, site: b.siteName[lang] })}
                    </h3>
                    {b.lockerLabel && (
                      <p className="booking-status__locker" data-testid="offline-pin-locker">
                        {t('lockers.lockerLabel', { label: b.lockerLabel })}
                      </p>
                    )}
                  </div>
                </header>
                <PinCard booking={b} nowMs={nowMs} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="empty-note">{t('lockers.offlineNoCopy')}</p>
      )}
    </div>
  );
}

function NearbySites() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const sites = useLockerSites();
  const { here, from, status, locate } = useHere();
  const sorted = sites.data ? sitesByDistance(sites.data.sites, from) : [];
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const siteCount = sites.data?.sites.length;
  useEffect(() => {
    if (siteCount !== undefined) localStore().setItem(STORAGE_KEYS.siteCount, String(siteCount));
  }, [siteCount]);
  return (
    <section className="stack" aria-labelledby="near-you">
      <div className="section-head">
        <h2 id="near-you" className="panel__title">
          {t('lockers.nearYou')}
        </h2>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={locate}
          disabled={status === 'locating'}
        >
          {status === 'locating' ? t('lockers.locating') : t('lockers.useMyLocation')}
        </button>
      </div>
      {status === 'outside' && <p className="form-note">{t('lockers.locationOutside')}</p>}
      {status === 'denied' && <p className="form-note">{t('lockers.locationDenied')}</p>}
      {sites.isPending ? (
        <SitesSkeleton />
      ) : sites.isError && !sites.data ? (
        <LoadFailedAlert
          title={t('lockers.sitesLoadFailed')}
          reason={errorText(sites.error)}
          error={sites.error}
          onRetry={() => void sites.refetch()}
        />
      ) : (
        <>
          <SiteMap sites={sorted.map((s) => s.site)} here={here} />
          <ul className="site-list" data-testid="site-list">
            {sorted.map(({ site, metres }) => (
              <SiteRow key={site.id} site={site} distance={distanceText(metres)} lang={lang} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** A site row's height at a phone's width (measured at 390 px: 207 to 228 px). */
const SITE_ROW_HEIGHT = 207;

/**
 * The map and as many rows as the dashboard listed last time (three on a first visit), so the
 * sections below stay where they are drawn when the sites arrive (docs/performance.md#layout-shift).
 */
function SitesSkeleton() {
  const remembered = Number(localStore().getItem(STORAGE_KEYS.siteCount));
  const rows = Number.isInteger(remembered) && remembered > 0 ? Math.min(remembered, 12) : 3;
  return (
    <>
      <LoadingStatus />
      <Skeleton height={MAP_HEIGHT} />
      <ul className="site-list" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
          <li key={i}>
            <Skeleton height={SITE_ROW_HEIGHT} />
          </li>
        ))}
      </ul>
    </>
  );
}

function SiteRow({ site, distance }: { site: LockerSite; distance: string; lang: 'en' | 'ta' }) {
  const { t } = useTranslation();
  return (
    <li className="panel site-row">
      <div className="site-row__top">
        <SiteSummary site={site} compact />
        <span className="site-row__distance">{distance}</span>
      </div>
      <p className="site-row__sizes">
        {site.sizes.map((s) => (
          <span key={s.size} className={`size-pill${s.free === 0 ? ' size-pill--none' : ''}`}>
            {t('lockers.freeBySize', { size: s.size, free: s.free })}
          </span>
        ))}
      </p>
      {site.closed ? (
        <p className="form-note">{t('lockers.closedNoBooking')}</p>
      ) : (
        <Link
          className="button button--primary button--small"
          to={`/booking/${site.id}`}
          data-testid={`book-${site.id}`}
        >
          {t('lockers.book')}
        </Link>
      )}
    </li>
  );
}

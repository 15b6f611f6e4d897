import type { LockerSite } from '@petti/shared/schemas/lockers';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { PlaceActions } from '../../../lib/map/place-actions.tsx';

/** A site's name, address, hours and status, at the top of its booking page and in the list. */
export function SiteSummary({ site, compact = false }: { site: LockerSite; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const { timeOrDateTime } = useDateFormat();
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const allDay = site.hours.open === '00:00' && site.hours.close === '24:00';
  const Heading = compact ? 'h3' : 'h2';
  return (
    <div
      className={compact ? 'site-summary site-summary--compact' : 'panel site-summary'}
      data-testid={`site-${site.id}`}
    >
      <Heading className="site-summary__name">{site.name[lang]}</Heading>
      <p className="site-summary__address">{site.address[lang]}</p>
      <p className="site-summary__tags">
        {site.closed ? (
          // Closed for repairs says it all: its hours and its link do not matter until it reopens.
          <span className="badge badge--danger site-summary__closed" data-testid={`closed-${site.id}`}>
            {site.closed.until && Date.parse(site.closed.until) > Date.now()
              ? t('lockers.closedForRepairsUntil', { time: timeOrDateTime(site.closed.until, Date.now()) })
              : t('lockers.closedForRepairs')}
          </span>
        ) : (
          <>
            <span className="badge badge--muted">
              {allDay ? t('lockers.open24h') : t('lockers.hours', site.hours)}
            </span>
            {!site.online && <span className="badge badge--danger">{t('lockers.offline')}</span>}
            {site.online && !site.openNow && (
              <span className="badge badge--muted">{t('lockers.closedNow')}</span>
            )}
          </>
        )}
        {site.type === 'complex_lockers' && (
          <span className="badge badge--muted">{t('lockers.residentsOnly')}</span>
        )}
      </p>
      {!compact && <PlaceActions at={site} name={site.name[lang]} />}
    </div>
  );
}

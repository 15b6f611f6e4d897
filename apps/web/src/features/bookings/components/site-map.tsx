import type { LatLng } from '@petti/shared/rules/geo';
import type { LockerSite } from '@petti/shared/schemas/lockers';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAP_HEIGHT, MAP_WIDTH, toMap } from '../../../lib/town-map.ts';
import { freeTotal } from '../booking-view.ts';

/**
 * A schematic map of the town with a pin per site (no map tiles: the app must work offline and
 * nothing may be downloaded from a tile server). Pins are links, so the map is usable by keyboard.
 */
export function SiteMap({ sites, here }: { sites: readonly LockerSite[]; here: LatLng | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const me = here ? toMap(here) : null;
  return (
    <svg
      className="site-map"
      viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
      // No role="img": its pins are links, and an image may not hold controls.
      aria-label={t('lockers.mapLabel')}
      data-testid="site-map"
    >
      <rect className="site-map__town" x="0" y="0" width={MAP_WIDTH} height={MAP_HEIGHT} rx="12" />
      {/* The two main roads through town, to give the pins a sense of place. */}
      <path className="site-map__road" d={`M0 ${MAP_HEIGHT * 0.55} L${MAP_WIDTH} ${MAP_HEIGHT * 0.42}`} />
      <path className="site-map__road" d={`M${MAP_WIDTH * 0.48} 0 L${MAP_WIDTH * 0.56} ${MAP_HEIGHT}`} />
      {sites.map((site) => {
        const p = toMap(site);
        const free = freeTotal(site);
        const state = !site.online ? 'offline' : free === 0 ? 'full' : 'free';
        return (
          <Link
            key={site.id}
            to={`/booking/${site.id}`}
            aria-label={`${site.name[lang]}: ${t('lockers.freeNow', { count: free })}`}
          >
            <g className={`site-map__pin site-map__pin--${state}`} transform={`translate(${p.x} ${p.y})`}>
              <path d="M0 0 C-9 -12 -12 -16 -12 -22 A12 12 0 1 1 12 -22 C12 -16 9 -12 0 0 Z" />
              <text y="-18" textAnchor="middle">
                {free}
              </text>
            </g>
          </Link>
        );
      })}
      {me && (
        <g className="site-map__me" transform={`translate(${me.x} ${me.y})`}>
          <circle r="9" className="site-map__me-halo" />
          <circle r="5" />
          <title>{t('lockers.youAreHere')}</title>
        </g>
      )}
    </svg>
  );
}

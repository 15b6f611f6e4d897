import type { LatLng } from '@petti/shared/rules/geo';
import type { LockerSite } from '@petti/shared/schemas/lockers';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { MapMarker } from '../../../lib/map/map-types.ts';
import { SlippyMap } from '../../../lib/map/slippy-map.tsx';
import { freeTotal } from '../booking-view.ts';

/** The locker sites on the town's map: each pin shows how many lockers are free and opens the site. */
export function SiteMap({
  sites,
  here,
  height,
}: {
  sites: readonly LockerSite[];
  here: LatLng | null;
  height?: number;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const markers = useMemo<MapMarker[]>(
    () =>
      sites.map((site) => {
        const free = freeTotal(site);
        return {
          id: site.id,
          lat: site.lat,
          lng: site.lng,
          label: `${site.name[lang]}: ${t('lockers.freeNow', { count: free })}`,
          name: site.name[lang],
          badge: String(free),
          tone: !site.online ? 'offline' : free === 0 ? 'full' : 'free',
          href: `/booking/${site.id}`,
        };
      }),
    [sites, lang, t],
  );
  return (
    <SlippyMap
      label={t('lockers.mapLabel')}
      markers={markers}
      here={here}
      height={height}
      testId="site-map"
    />
  );
}

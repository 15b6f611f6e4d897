import { ROUTES } from '@petti/shared/routes';
import type { LatLng } from '@petti/shared/rules/geo';
import { useMemo } from 'react';
import { generatePath } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import type { MapMarker } from '../map/map-types.ts';
import { SlippyMap } from '../map/slippy-map.tsx';
import { shopNameIn } from './shop-name.ts';
import { sellerOpenAt } from './shop-open.ts';
import type { Seller } from './types.ts';

/** The shops on the town's map, coloured open or closed; a pin opens the shop. */
export function ShopsMap({ sellers, here }: { sellers: readonly Seller[]; here: LatLng | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const markers = useMemo<MapMarker[]>(() => {
    const now = new Date();
    return sellers.map((s) => {
      const name = shopNameIn(s, language);
      const open = sellerOpenAt(s, now);
      return {
        id: s.id,
        lat: s.lat,
        lng: s.lng,
        label: t(open ? 'shop.shopOpenPin' : 'shop.shopClosedPin', { name }),
        name: name,
        tone: open ? 'open' : 'closed',
        href: generatePath(ROUTES.search, { id: s.id }),
      };
    });
  }, [sellers, language, t]);
  return (
    <SlippyMap
      label={t('shop.shopsMapLabel')}
      markers={markers}
      here={here}
      height={220}
      testId="shops-map"
    />
  );
}

import type { LatLng } from '@petti/shared/rules/geo';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { MapPlace } from '../../../lib/map/map-types.ts';
import { SlippyMap } from '../../../lib/map/slippy-map.tsx';

/**
 * The address's pin on the town's real map: dragged to the door, tapped into place, or moved with
 * the arrow keys. It cannot leave Sivakasi. The places the search found are named on the map when
 * there are no tiles to show the streets.
 */
export function TownMap({
  pin,
  onChange,
  landmarks = [],
}: {
  pin: LatLng;
  onChange: (next: LatLng) => void;
  landmarks?: readonly MapPlace[];
}) {
  const { t } = useTranslation();
  return (
    <figure className="town-map">
      <SlippyMap
        label={t('addresses.map.label')}
        pin={pin}
        onPinMove={onChange}
        pinLabel={t('addresses.map.value', { latitude: pin.lat.toFixed(5), longitude: pin.lng.toFixed(5) })}
        places={landmarks}
        height={280}
        testId="town-map"
      />
      <figcaption className="town-map__caption">{t('addresses.map.hint')}</figcaption>
    </figure>
  );
}

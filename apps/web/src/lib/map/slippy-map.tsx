import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useMapSettings } from './map-settings.ts';
import type { SlippyMapProps } from './map-types.ts';
import { StillMap } from './still-map.tsx';
import './map.css';

// Leaflet is loaded when a map is used, never with a screen's first paint (see StillMap).
const LeafletMap = lazy(() => import('./leaflet-map.tsx'));

/** A map's height unless a screen asks for another; a skeleton holding its place uses it too. */
export const MAP_HEIGHT = 240;

/**
 * A real map of the town (Leaflet): tiles from the configured server, pins for sites or shops, the
 * shopper's position, or a pin to place. Without tiles (none configured, offline and never seen) it
 * still shows the pins on the town's outline with its place names (docs/maps.md). It opens as a
 * still picture of the same map (StillMap), whose pins already work, and becomes Leaflet's live map
 * when the shopper pans, zooms or presses its keys; a map with a pin to place is live from the start.
 */
export function SlippyMap(props: SlippyMapProps) {
  const { t } = useTranslation();
  const settings = useMapSettings();
  const [woken, setWoken] = useState<false | { focused: boolean }>(false);
  // A pin to place needs the live map, whenever it is given.
  const live = woken || (props.pin !== undefined ? { focused: false } : false);
  const height = props.height ?? MAP_HEIGHT;
  const tiles = settings.data?.tiles ?? null;
  const loading = (
    <div className="slippy-map__loading" role="status">
      {t('map.loading')}
    </div>
  );
  return (
    <div className="slippy-map-frame" style={{ height }} data-testid={props.testId}>
      {settings.isPending ? (
        loading
      ) : live ? (
        // The still map stays while Leaflet arrives, so the map never blinks.
        <Suspense fallback={props.pin === undefined ? <StillMap {...props} tiles={tiles} /> : loading}>
          <LeafletMap {...props} tiles={tiles} focusOnOpen={live.focused} />
        </Suspense>
      ) : (
        <StillMap {...props} tiles={tiles} onWake={(focused) => setWoken({ focused })} />
      )}
    </div>
  );
}

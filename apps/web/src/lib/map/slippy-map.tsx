import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMapSettings } from './map-settings.ts';
import type { SlippyMapProps } from './map-types.ts';
import './map.css';

// Leaflet is loaded with the first screen that shows a map, never with the app's first screen.
const LeafletMap = lazy(() => import('./leaflet-map.tsx'));

/** A map's height unless a screen asks for another; a skeleton holding its place uses it too. */
export const MAP_HEIGHT = 240;

/**
 * A real map of the town (Leaflet): tiles from the configured server, pins for sites or shops, the
 * shopper's position, or a pin to place. Without tiles (none configured, offline and never seen) it
 * still shows the pins on the town's outline with its place names (docs/maps.md).
 */
export function SlippyMap(props: SlippyMapProps) {
  const { t } = useTranslation();
  const settings = useMapSettings();
  const height = props.height ?? MAP_HEIGHT;
  const loading = (
    <div className="slippy-map__loading" role="status">
      {t('map.loading')}
    </div>
  );
  return (
    <div className="slippy-map-frame" style={{ height }} data-testid={props.testId}>
      {settings.isPending ? (
        loading
      ) : (
        <Suspense fallback={loading}>
          <LeafletMap {...props} tiles={settings.data?.tiles ?? null} />
        </Suspense>
      )}
    </div>
  );
}

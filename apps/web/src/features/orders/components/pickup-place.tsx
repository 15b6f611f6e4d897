import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { MapMarker } from '../../../lib/map/map-types.ts';
import { PlaceActions } from '../../../lib/map/place-actions.tsx';
import { SlippyMap } from '../../../lib/map/slippy-map.tsx';

/** Where to collect an order (the parcel locker's site, or the shop's kerb), on the map, with a way there. */
export function PickupPlace({
  id,
  name,
  lat,
  lng,
  phone,
  address,
}: {
  id: string;
  name: string;
  lat: number;
  lng: number;
  phone?: string | null;
  /** The street address, said in words above the map. */
  address?: string | null;
}) {
  const { t } = useTranslation();
  const markers = useMemo<MapMarker[]>(
    () => [{ id, lat, lng, label: name, name, tone: 'open' }],
    [id, lat, lng, name],
  );
  return (
    <section className="panel stack" aria-labelledby="pickup-place-title" data-testid="pickup-place">
      <h2 id="pickup-place-title" className="panel__title">
        {t('orders.pickupPlace', { place: name })}
      </h2>
      {address && (
        <p className="pickup-place__address" data-testid="pickup-address">
          {address}
        </p>
      )}
      <SlippyMap
        label={t('orders.pickupPlace', { place: name })}
        markers={markers}
        height={180}
        testId="pickup-map"
      />
      <PlaceActions at={{ lat, lng }} name={name} phone={phone} />
    </section>
  );
}

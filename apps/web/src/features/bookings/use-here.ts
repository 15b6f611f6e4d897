import { TOWN_CENTRE } from '@petti/shared/constants';
import { isInsideTown, type LatLng } from '@petti/shared/rules/geo';
import { useState } from 'react';

export type HereStatus = 'centre' | 'locating' | 'located' | 'outside' | 'denied';

/**
 * Where to measure distances from: the phone's position when the user asks and it is inside the
 * town, else the town centre. Asked only on a tap, never on page load.
 */
export function useHere() {
  const [here, setHere] = useState<LatLng | null>(null);
  const [status, setStatus] = useState<HereStatus>('centre');
  const locate = () => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setStatus('denied');
      return;
    }
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const p = { lat: coords.latitude, lng: coords.longitude };
        if (isInsideTown(p)) {
          setHere(p);
          setStatus('located');
        } else {
          setHere(null);
          setStatus('outside');
        }
      },
      () => setStatus('denied'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  };
  return { here, from: here ?? TOWN_CENTRE, status, locate };
}

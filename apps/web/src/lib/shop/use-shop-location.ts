import { TOWN_CENTRE } from '@petti/shared/constants';
import { isInsideTown, type LatLng } from '@petti/shared/rules/geo';
import { useCallback } from 'react';
import { create } from 'zustand';
import { defaultAddress, useAddresses } from '../addresses/addresses.ts';

/**
 * Where the shopper is shopping from: the phone's
 * position when they ask for it and it is inside the town, else their default address, else the
 * town centre. It decides which shops' ranges reach them.
 */

export type LocationSource = 'device' | 'address' | 'town';

interface DeviceLocationState {
  device: LatLng | null;
  locating: boolean;
  failed: boolean;
}

const useDeviceLocation = create<DeviceLocationState>(() => ({
  device: null,
  locating: false,
  failed: false,
}));

export function useShopLocation(): {
  point: LatLng;
  source: LocationSource;
  label: string | null;
  locating: boolean;
  failed: boolean;
  locate: () => void;
} {
  const addresses = useAddresses();
  const { device, locating, failed } = useDeviceLocation();
  const address = defaultAddress(addresses.data);

  const locate = useCallback(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      useDeviceLocation.setState({ failed: true });
      return;
    }
    useDeviceLocation.setState({ locating: true, failed: false });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const point = { lat: position.coords.latitude, lng: position.coords.longitude };
        // Outside Sivakasi there is nothing to deliver: keep the address instead.
        useDeviceLocation.setState(
          isInsideTown(point)
            ? { device: point, locating: false, failed: false }
            : { locating: false, failed: true },
        );
      },
      () => useDeviceLocation.setState({ locating: false, failed: true }),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  }, []);

  if (device) return { point: device, source: 'device', label: null, locating, failed, locate };
  if (address)
    return {
      point: { lat: address.lat, lng: address.lng },
      source: 'address',
      label: address.label,
      locating,
      failed,
      locate,
    };
  return { point: TOWN_CENTRE, source: 'town', label: null, locating, failed, locate };
}

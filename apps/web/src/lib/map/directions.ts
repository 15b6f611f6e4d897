import type { LatLng } from '@petti/shared/rules/geo';

/**
 * A link that opens the phone's maps app with directions to a place: a `geo:` URI on Android (the
 * phone asks which maps app), Apple Maps on iPhone and iPad, Google Maps elsewhere.
 */
export function directionsUrl(
  to: LatLng,
  label: string,
  userAgent = globalThis.navigator?.userAgent ?? '',
): string {
  const at = `${to.lat.toFixed(6)},${to.lng.toFixed(6)}`;
  if (/Android/i.test(userAgent)) return `geo:${at}?q=${at}(${encodeURIComponent(label)})`;
  if (/iPhone|iPad|iPod/i.test(userAgent))
    return `https://maps.apple.com/?daddr=${at}&q=${encodeURIComponent(label)}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${at}`;
}

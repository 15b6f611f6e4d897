import { TOWN_BOUNDS } from '@petti/shared/constants';
import type { LatLng } from '@petti/shared/rules/geo';

/** Metres per degree of latitude; a degree of longitude is this times cos(latitude). */
const M_PER_DEG = 111_320;

const round6 = (n: number): number => Math.round(n * 1e6) / 1e6;

/** The nearest point inside the town: a pin dragged past its edge stays on the edge. */
export function clampToTown(p: LatLng): LatLng {
  return {
    lat: round6(Math.min(TOWN_BOUNDS.north, Math.max(TOWN_BOUNDS.south, p.lat))),
    lng: round6(Math.min(TOWN_BOUNDS.east, Math.max(TOWN_BOUNDS.west, p.lng))),
  };
}

/** A nudge of the pin by the arrow keys: `east` and `north` metres, kept inside the town. */
export function nudge(p: LatLng, east: number, north: number): LatLng {
  const lat = p.lat + north / M_PER_DEG;
  const lng = p.lng + east / (M_PER_DEG * Math.cos((p.lat * Math.PI) / 180));
  return clampToTown({ lat, lng });
}

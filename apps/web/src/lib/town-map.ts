// The schematic town map shared by the address pin and the locker site map.
import { TOWN_BOUNDS } from '@petti/shared/constants';
import type { LatLng } from '@petti/shared/rules/geo';

/**
 * The schematic town map's coordinates. No map tiles are downloaded: the map is an SVG of the town's
 * bounds (docs/product.md#town), so a point maps linearly to the picture. Longitude is scaled by
 * cos(latitude) so the map keeps the town's real proportions.
 */

export const MAP_WIDTH = 360;
const latSpan = TOWN_BOUNDS.north - TOWN_BOUNDS.south;
const lngSpan = TOWN_BOUNDS.east - TOWN_BOUNDS.west;
const midLat = ((TOWN_BOUNDS.north + TOWN_BOUNDS.south) / 2) * (Math.PI / 180);
export const MAP_HEIGHT = Math.round((MAP_WIDTH * latSpan) / (lngSpan * Math.cos(midLat)));

export interface MapPoint {
  x: number;
  y: number;
}

export function toMap(p: LatLng): MapPoint {
  return {
    x: ((p.lng - TOWN_BOUNDS.west) / lngSpan) * MAP_WIDTH,
    y: ((TOWN_BOUNDS.north - p.lat) / latSpan) * MAP_HEIGHT,
  };
}

/** The town point under a map point; a point off the map is brought back to its edge. */
export function fromMap(point: MapPoint): LatLng {
  const x = Math.min(MAP_WIDTH, Math.max(0, point.x));
  const y = Math.min(MAP_HEIGHT, Math.max(0, point.y));
  return {
    lat: round6(TOWN_BOUNDS.north - (y / MAP_HEIGHT) * latSpan),
    lng: round6(TOWN_BOUNDS.west + (x / MAP_WIDTH) * lngSpan),
  };
}

/** A nudge of the pin by the arrow keys: `step` map units in a direction, kept inside the town. */
export function nudge(p: LatLng, dx: number, dy: number): LatLng {
  const at = toMap(p);
  return fromMap({ x: at.x + dx, y: at.y + dy });
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

import { TOWN_BOUNDS } from '../constants.ts';

export interface LatLng {
  lat: number;
  lng: number;
}

export function isInsideTown(p: LatLng): boolean {
  return (
    p.lat >= TOWN_BOUNDS.south &&
    p.lat <= TOWN_BOUNDS.north &&
    p.lng >= TOWN_BOUNDS.west &&
    p.lng <= TOWN_BOUNDS.east
  );
}

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres (haversine). */
export function greatCircleMetres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

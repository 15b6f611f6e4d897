import { greatCircleMetres, type LatLng } from '@petti/shared';
import type { DistanceProvider } from './distance-provider.ts';

/**
 * Roads are rarely straight: town streets run about 1.3× the straight line
 * (docs/product.md#distance-provider).
 */
export const DEFAULT_ROAD_FACTOR = 1.3;

/** The embedded default: great-circle distance × a road factor. Needs no network. */
export function createEmbeddedDistance(roadFactor = DEFAULT_ROAD_FACTOR): DistanceProvider {
  return {
    name: 'embedded',
    async drivingMetres(from: LatLng, to: LatLng) {
      return Math.round(greatCircleMetres(from, to) * roadFactor);
    },
  };
}

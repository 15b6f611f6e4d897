import type { Config } from '../../config.ts';
import type { DistanceProvider } from './distance-provider.ts';
import { createEmbeddedDistance } from './embedded-distance.ts';
import { createGoogleDistance } from './google-distance.ts';
import { createOsrmDistance } from './osrm-distance.ts';

/** The distance provider the configuration names (config.ts checks each has its settings). */
export function createDistance(
  config: Pick<Config, 'DISTANCE_PROVIDER' | 'DISTANCE_ROAD_FACTOR' | 'OSRM_URL' | 'GOOGLE_MAPS_API_KEY'>,
): DistanceProvider {
  switch (config.DISTANCE_PROVIDER) {
    case 'osrm':
      return createOsrmDistance({ baseUrl: config.OSRM_URL! });
    case 'google':
      return createGoogleDistance({ apiKey: config.GOOGLE_MAPS_API_KEY! });
    default:
      return createEmbeddedDistance(config.DISTANCE_ROAD_FACTOR);
  }
}

import type { LatLng } from '@petti/shared';
import { AppError } from '../../http/app-error.ts';

/**
 * Road distance between two points (docs/product.md#distance-provider).
 * One interface, chosen by DISTANCE_PROVIDER: the embedded great-circle estimate by default, or a
 * road-distance service (OSRM, Google Distance Matrix) when configured.
 */
export interface DistanceProvider {
  readonly name: string;
  /** Driving metres from → to. Throws `DistanceMatrixFailed` ('DistanceMatrix failed: {status}'). */
  drivingMetres(from: LatLng, to: LatLng): Promise<number>;
}

/** The failure text (docs/product.md#distance-provider), with the service's status in it. */
export function distanceFailed(status: string | number): AppError {
  return new AppError('DistanceMatrixFailed', `DistanceMatrix failed: ${status}`);
}

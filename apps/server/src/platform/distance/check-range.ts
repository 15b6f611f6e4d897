import type { LatLng } from '@petti/shared';
import { AppError } from '../../http/app-error.ts';
import type { DistanceProvider } from './distance-provider.ts';

export interface RangeSeller extends LatLng {
  /** The seller's range in km (`sellerRange.dis`, docs/product.md#sellers). */
  rangeKm: number;
}

/** Strictly under range × 1000 m (docs/product.md#delivery-range: km × 1000, nothing else). */
export const isWithinRange = (metres: number, rangeKm: number): boolean => metres < rangeKm * 1000;

/**
 * The range check before an order (docs/product.md#delivery-range): driving metres seller → destination must
 * be under the seller's range, else AddressLongDistance (home delivery) or LockerLongDistance (parcel
 * locker). Answers the metres (the delivery fee needs them). A provider failure passes through as
 * DistanceMatrixFailed.
 */
export async function checkRange(
  distance: DistanceProvider,
  args: { seller: RangeSeller; destination: LatLng; kind: 'address' | 'locker' },
): Promise<{ metres: number }> {
  const metres = await distance.drivingMetres(
    { lat: args.seller.lat, lng: args.seller.lng },
    { lat: args.destination.lat, lng: args.destination.lng },
  );
  if (!isWithinRange(metres, args.seller.rangeKm)) {
    throw new AppError(args.kind === 'address' ? 'AddressLongDistance' : 'LockerLongDistance', undefined, {
      details: { metres, rangeKm: args.seller.rangeKm },
    });
  }
  return { metres };
}

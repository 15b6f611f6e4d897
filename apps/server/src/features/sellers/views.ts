import { isOpenAt } from '@petti/shared/rules/site-hours';
import type { Seller, SellerMode } from '@petti/shared/schemas/catalog';
import type { sellers } from './schema.ts';

export type SellerRow = typeof sellers.$inferSelect;

/** A seller as the API shows it; distance fields are filled when a point was asked about. */
export function toSeller(row: SellerRow, now: Date, distanceM: number | null = null): Seller {
  const hours = { open: row.opensAt, close: row.closesAt };
  return {
    id: row.id,
    brandName: row.brandName,
    brandNameTa: row.brandNameTa,
    categoryId: row.categoryId,
    description: row.description ?? null,
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    sellerRange: { dis: row.rangeKm },
    hours,
    openNow: isOpenAt(hours, now),
    modes: row.modes as SellerMode[],
    phone: row.phone,
    rating: row.rating,
    image_url: row.image,
    distanceM,
    // Strictly under range × 1000 m (docs/marketplace.md).
    inRange: distanceM === null ? null : distanceM < row.rangeKm * 1000,
  };
}

import {
  hoursOn,
  isShopOpenAt,
  nextShopOpeningAt,
  type ShopSchedule,
  townDate,
} from '@petti/shared/rules/shop-hours';
import type { Seller, SellerMode } from '@petti/shared/schemas/catalog';
import type { sellers } from './schema.ts';

export type SellerRow = typeof sellers.$inferSelect;

/** The row's hours as the shared rule reads them (docs/shops.md#hours-and-holidays). */
export function scheduleOf(
  row: Pick<SellerRow, 'opensAt' | 'closesAt' | 'weekHours' | 'closedDates'>,
): ShopSchedule {
  return { open: row.opensAt, close: row.closesAt, week: row.weekHours, closedDates: row.closedDates };
}

/** A seller as the API shows it; distance fields are filled when a point was asked about. */
export function toSeller(row: SellerRow, now: Date, distanceM: number | null = null): Seller {
  const schedule = scheduleOf(row);
  const today = hoursOn(schedule, townDate(now));
  const openNow = isShopOpenAt(schedule, now);
  const next = openNow ? null : nextShopOpeningAt(schedule, now);
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
    hours: today ?? { open: row.opensAt, close: row.closesAt },
    openNow,
    closedToday: today === null,
    nextOpensAt: next ? next.toISOString() : null,
    schedule: { week: row.weekHours ?? null, closedDates: row.closedDates },
    gstin: row.gstin,
    fssai: row.fssai,
    modes: row.modes as SellerMode[],
    phone: row.phone,
    rating: row.rating,
    image_url: row.image,
    distanceM,
    // Strictly under range × 1000 m (docs/marketplace.md).
    inRange: distanceM === null ? null : distanceM < row.rangeKm * 1000,
  };
}

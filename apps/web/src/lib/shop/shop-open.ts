import type { Language } from '@petti/shared/constants';
import {
  isShopOpenAt,
  nextShopOpeningAt,
  openingText,
  type ShopSchedule,
} from '@petti/shared/rules/shop-hours';
import type { Seller } from './types.ts';

/** What of a shop its hours are read from: today's hours, and its week and holidays. */
export type SellerHours = Pick<Seller, 'hours'> & { schedule?: Seller['schedule'] };

/**
 * The shop's schedule for the shared rule (rules/shop-hours.ts), the same one the cart and orders
 * obey on the server. A shop read before schedules existed (kept on the phone for offline use) has
 * only its hours, which then hold every day.
 */
export function scheduleOfSeller(seller: SellerHours): ShopSchedule {
  return {
    open: seller.hours.open,
    close: seller.hours.close,
    week: seller.schedule?.week ?? null,
    closedDates: seller.schedule?.closedDates ?? [],
  };
}

export const sellerOpenAt = (seller: SellerHours, now: Date): boolean =>
  isShopOpenAt(scheduleOfSeller(seller), now);

/** When a shut shop opens: `7:00 am` today, `2 Dec, 7:00 am` on another day, as the owner sees it. */
export const sellerOpensText = (seller: SellerHours, now: Date, language: Language): string =>
  openingText(nextShopOpeningAt(scheduleOfSeller(seller), now), now, language);

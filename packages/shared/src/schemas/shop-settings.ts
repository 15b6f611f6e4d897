import { z } from 'zod';
import { SELLER_MODES } from './catalog.ts';
import { townDate } from './town-date.ts';

/**
 * A shop's settings, kept by its owner in the app (docs/shops.md#hours-and-holidays): hours per
 * weekday, the days it is shut, what it offers, how far it delivers, and the registration numbers on
 * its invoices. The GSTIN's and FSSAI number's checks are rules/gstin.ts's, answered with their own
 * error codes (`GstinInvalid`, `FssaiInvalid`).
 */

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'HH:MM');
const dayHours = z.strictObject({ open: clock, close: clock });

/** How far a shop may deliver, in km. */
export const SHOP_RANGE_KM = { min: 0.5, max: 25 } as const;
/** Holidays kept ahead at once (past ones are dropped as they pass). */
export const MAX_CLOSED_DATES = 60;

export const shopSettingsSchema = z.object({
  /** The usual hours: every weekday `week` leaves out. */
  hours: dayHours,
  /** Sunday first; null: shut that weekday. Null altogether: the usual hours every day. */
  week: z.array(dayHours.nullable()).length(7).nullable(),
  /** Town dates the shop is shut all day, today's and later only. */
  closedDates: z.array(townDate),
  modes: z.array(z.enum(SELLER_MODES)),
  rangeKm: z.number(),
  gstin: z.string().nullable(),
  fssai: z.string().nullable(),
  /** As the shop stands now: shut all today, open this minute, and when it next opens if not. */
  closedToday: z.boolean(),
  openNow: z.boolean(),
  nextOpensAt: z.string().nullable(),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** `PUT /api/shops/:shopId/settings` (owner): the whole of it, as the settings screen sends it. */
export const shopSettingsBody = z.strictObject({
  hours: dayHours,
  week: z.array(dayHours.nullable()).length(7).nullable(),
  closedDates: z.array(townDate).max(MAX_CLOSED_DATES),
  modes: z.array(z.enum(SELLER_MODES)).min(1),
  rangeKm: z.number().min(SHOP_RANGE_KM.min).max(SHOP_RANGE_KM.max),
  gstin: z.string().trim().max(20).nullable(),
  fssai: z.string().trim().max(20).nullable(),
});
export type ShopSettingsBody = z.infer<typeof shopSettingsBody>;

/** `PUT /api/shops/:shopId/closed-today` (owner): one tap to shut the shop for the rest of today, or open it again. */
export const closedTodayBody = z.strictObject({ closed: z.boolean() });

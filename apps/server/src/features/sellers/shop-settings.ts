import { isValidFssai, isValidGstin, normaliseGstin } from '@petti/shared/rules/gstin';
import { type DayHours, isShopOpenAt, nextShopOpeningAt, townDate } from '@petti/shared/rules/shop-hours';
import { parseClock } from '@petti/shared/rules/site-hours';
import type { ShopSettings, ShopSettingsBody } from '@petti/shared/schemas/shop-settings';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { sellers } from './schema.ts';
import { type SellerRow, scheduleOf } from './views.ts';

/** Closing after opening on the same day (24:00 for midnight); shop hours do not pass midnight. */
function checkHours(h: DayHours): void {
  if (parseClock(h.close) <= parseClock(h.open)) throw new AppError('ShopHoursInvalid');
}

/**
 * A shop's settings from its owner (docs/shops.md#hours-and-holidays): hours per weekday, holidays,
 * "closed today", what it offers, its range and the numbers on its invoices. Every change reaches the
 * cart and orders at once: they read the shop's row (kept in memory until a change, `forget`).
 */
export function createShopSettings(deps: { db: Db; clock: Clock; forget: () => void }) {
  const { db, clock } = deps;

  function view(row: SellerRow): ShopSettings {
    const now = clock.now();
    const schedule = scheduleOf(row);
    const today = townDate(now);
    const openNow = isShopOpenAt(schedule, now);
    const next = openNow ? null : nextShopOpeningAt(schedule, now);
    return {
      hours: { open: row.opensAt, close: row.closesAt },
      week: row.weekHours ?? null,
      closedDates: row.closedDates.filter((d) => d >= today).sort(),
      modes: row.modes as ShopSettings['modes'],
      rangeKm: row.rangeKm,
      gstin: row.gstin,
      fssai: row.fssai,
      closedToday: row.closedDates.includes(today),
      openNow,
      nextOpensAt: next ? next.toISOString() : null,
    };
  }

  async function save(shopId: string, set: Partial<typeof sellers.$inferInsert>): Promise<ShopSettings> {
    const [row] = await db.update(sellers).set(set).where(eq(sellers.id, shopId)).returning();
    if (!row) throw notFound('shop');
    // This process's next cart check sees it before the change notification arrives.
    deps.forget();
    return view(row);
  }

  return {
    async get(shopId: string): Promise<ShopSettings> {
      const [row] = await db.select().from(sellers).where(eq(sellers.id, shopId));
      if (!row) throw notFound('shop');
      return view(row);
    },

    /** The whole of the settings screen; past holidays are dropped. */
    async put(shopId: string, body: ShopSettingsBody): Promise<ShopSettings> {
      checkHours(body.hours);
      for (const day of body.week ?? []) if (day) checkHours(day);
      const gstin = body.gstin ? normaliseGstin(body.gstin) : null;
      if (gstin && !isValidGstin(gstin)) throw new AppError('GstinInvalid');
      const fssai = body.fssai ? body.fssai.replace(/\s/g, '') : null;
      if (fssai && !isValidFssai(fssai)) throw new AppError('FssaiInvalid');
      const today = townDate(clock.now());
      return save(shopId, {
        opensAt: body.hours.open,
        closesAt: body.hours.close,
        weekHours: body.week,
        closedDates: [...new Set(body.closedDates.filter((d) => d >= today))].sort(),
        modes: [...new Set(body.modes)],
        rangeKm: body.rangeKm,
        gstin,
        fssai,
      });
    },

    /** One tap: shut for the rest of today (orders for later still come, for its next opening), or open again. */
    async closedToday(shopId: string, closed: boolean): Promise<ShopSettings> {
      const [row] = await db.select().from(sellers).where(eq(sellers.id, shopId));
      if (!row) throw notFound('shop');
      const today = townDate(clock.now());
      const others = row.closedDates.filter((d) => d !== today && d >= today);
      return save(shopId, { closedDates: closed ? [today, ...others].sort() : others });
    },
  };
}

export type ShopSettingsService = ReturnType<typeof createShopSettings>;

import { type Language, TOWN_UTC_OFFSET_MINUTES } from '../constants.ts';
import { parseClock, townMinutes } from './site-hours.ts';
import { townDateTime, townTime } from './town-time.ts';

/**
 * When a shop is open (docs/shops.md#hours-and-holidays): its usual hours, different hours or a closed
 * day for each weekday, and whole days it is shut (holidays, "closed today"). One rule for the cart,
 * orders, the shops list and the shop's own screens. All in town time (IST, no daylight saving).
 */

/** Opening and closing, `HH:MM` town time; close may be `24:00`, or earlier than open (past midnight). */
export interface DayHours {
  open: string;
  close: string;
}

export interface ShopSchedule {
  /** The usual hours: every day that `week` does not set otherwise. */
  open: string;
  close: string;
  /** Sunday first; `null` is closed that weekday. Absent or empty: the usual hours every day. */
  week?: ReadonlyArray<DayHours | null> | null;
  /** Town dates (`YYYY-MM-DD`) the shop is shut all day. */
  closedDates?: readonly string[] | null;
}

const DAY_MS = 86_400_000;
/** How far ahead the next opening is looked for; a shop shut longer than this has none. */
export const NEXT_OPENING_HORIZON_DAYS = 31;

/** The town's calendar date at `at`: `2026-11-28`. */
export function townDate(at: Date): string {
  return new Date(at.getTime() + TOWN_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** The weekday of a town date, Sunday 0. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The instant a town date starts (its midnight in town time). */
export function townMidnight(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - TOWN_UTC_OFFSET_MINUTES * 60_000);
}

const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The shop's hours on a town date, or null when it is shut that day. */
export function hoursOn(schedule: ShopSchedule, date: string): DayHours | null {
  if (schedule.closedDates?.includes(date)) return null;
  const week = schedule.week;
  if (week && week.length === 7) return week[weekdayOf(date)] ?? null;
  return { open: schedule.open, close: schedule.close };
}

const allDay = (h: DayHours) => {
  const open = parseClock(h.open);
  const close = parseClock(h.close);
  return open === close || (open === 0 && close === 1440);
};
const overnight = (h: DayHours) => !allDay(h) && parseClock(h.close) < parseClock(h.open);

/**
 * Open at `at`: inside today's hours, or in the after-midnight part of yesterday's when they pass
 * midnight (a holiday shuts the day it names, from its midnight).
 */
export function isShopOpenAt(schedule: ShopSchedule, at: Date): boolean {
  const today = townDate(at);
  const now = townMinutes(at);
  const h = hoursOn(schedule, today);
  if (h) {
    if (allDay(h)) return true;
    const open = parseClock(h.open);
    const close = parseClock(h.close);
    if (open < close ? now >= open && now < close : now >= open) return true;
  }
  const y = hoursOn(schedule, addDays(today, -1));
  return Boolean(y && overnight(y) && now < parseClock(y.close) && !schedule.closedDates?.includes(today));
}

/**
 * When a shut shop opens, in the words the owner's own screens use (town-time.ts): `7:00 am` today,
 * `2 Dec, 7:00 am` on another day, `—` when it stays shut past the horizon.
 */
export function openingText(next: Date | null, now: Date, language: Language): string {
  if (!next) return '—';
  return townDate(next) === townDate(now) ? townTime(next, language) : townDateTime(next, language);
}

/**
 * `at` itself while the shop is open, else when it next opens (to the minute), within
 * `NEXT_OPENING_HORIZON_DAYS`; null when it stays shut all that time.
 */
export function nextShopOpeningAt(schedule: ShopSchedule, at: Date): Date | null {
  if (isShopOpenAt(schedule, at)) return at;
  const today = townDate(at);
  for (let day = 0; day <= NEXT_OPENING_HORIZON_DAYS; day++) {
    const date = addDays(today, day);
    const h = hoursOn(schedule, date);
    if (!h) continue;
    const opens = new Date(townMidnight(date).getTime() + parseClock(h.open) * 60_000);
    if (opens.getTime() > at.getTime()) return opens;
  }
  return null;
}

import { TOWN_UTC_OFFSET_MINUTES } from '../constants.ts';

/** Minutes since local midnight from "HH:MM" (24:00 allowed as the end of the day). */
export function parseClock(hhmm: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) throw new RangeError(`not a HH:MM time: ${hhmm}`);
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  if (minutes > 24 * 60 || Number(m[2]) > 59) throw new RangeError(`not a HH:MM time: ${hhmm}`);
  return minutes;
}

/** Minutes since local midnight in the town at `at`. */
export function townMinutes(at: Date): number {
  const local = at.getTime() / 60_000 + TOWN_UTC_OFFSET_MINUTES;
  return ((Math.floor(local) % 1440) + 1440) % 1440;
}

/** The start of the town's day that `at` falls in (its local midnight). */
export function townDayStart(at: Date): Date {
  const minute = Math.floor(at.getTime() / 60_000) * 60_000;
  return new Date(minute - townMinutes(at) * 60_000);
}

/**
 * Whether a site with these hours is open at `at`. Hours may pass midnight (22:00–06:00);
 * 00:00–24:00 is always open.
 */
export function isOpenAt(hours: { open: string; close: string }, at: Date): boolean {
  const open = parseClock(hours.open);
  const close = parseClock(hours.close);
  if (open === close || (open === 0 && close === 1440)) return true;
  const now = townMinutes(at);
  return open < close ? now >= open && now < close : now >= open || now < close;
}

/**
 * When the place is next open from `at`: `at` itself while it is open, else its next opening (today's
 * if still ahead, else tomorrow's), to the minute.
 */
export function nextOpeningAt(hours: { open: string; close: string }, at: Date): Date {
  if (isOpenAt(hours, at)) return at;
  const ahead = (parseClock(hours.open) - townMinutes(at) + 1440) % 1440;
  const minute = Math.floor(at.getTime() / 60_000) * 60_000;
  return new Date(minute + ahead * 60_000);
}

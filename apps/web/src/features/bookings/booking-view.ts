import { BOOKING_DURATIONS_HOURS, LOCKER_RULES } from '@petti/shared/constants';
import { isFinal } from '@petti/shared/rules/booking-states';
import { greatCircleMetres, type LatLng } from '@petti/shared/rules/geo';
import type { Booking, LockerSite } from '@petti/shared/schemas/lockers';

/** Pure helpers behind the locker screens (tested in booking-view.test.ts). */

/** A countdown as a clock: `1:05:09`, or `4:07` under an hour; never negative. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

export type PinStatus = 'none' | 'notYet' | 'valid' | 'expired';

/**
 * Whether the PIN opens the door now. A scheduled booking's PIN is issued 15 min early but works only
 * from the start; after `pinExpiresAt` it never works, so it is never shown as valid.
 */
export function pinStatus(
  b: Pick<Booking, 'pin' | 'pinExpiresAt' | 'startsAt' | 'state'>,
  nowMs: number,
): PinStatus {
  if (!b.pin || isFinal(b.state)) return 'none';
  if (b.pinExpiresAt && Date.parse(b.pinExpiresAt) <= nowMs && b.state !== 'expired') return 'expired';
  if (Date.parse(b.startsAt) > nowMs) return 'notYet';
  return 'valid';
}

/** An `sms:` link with a prefilled body; `?&body=` is the form both Android and iOS read. */
export function smsHref(text: string): string {
  return `sms:?&body=${encodeURIComponent(text)}`;
}

export interface SiteWithDistance {
  site: LockerSite;
  metres: number;
}

/** Sites nearest first (straight-line distance is enough for a list inside one town). */
export function sitesByDistance(sites: readonly LockerSite[], from: LatLng): SiteWithDistance[] {
  return sites
    .map((site) => ({ site, metres: greatCircleMetres(from, site) }))
    .sort((a, b) => a.metres - b.metres);
}

/** `850 m` or `2.4 km`. */
export function distanceText(metres: number): string {
  return metres < 1000 ? `${Math.round(metres / 10) * 10} m` : `${(metres / 1000).toFixed(1)} km`;
}

/** Total free lockers at a site, over all sizes. */
export function freeTotal(site: LockerSite): number {
  return site.sizes.reduce((sum, s) => sum + s.free, 0);
}

/** `<input type="datetime-local">` value (local time) for a moment, to the minute. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The window a later start may fall in: from 5 minutes ahead up to 7 days ahead. */
export function startWindow(nowMs: number): { min: number; max: number } {
  return { min: nowMs + 5 * 60_000, max: nowMs + LOCKER_RULES.maxStartAheadDays * 24 * 3_600_000 };
}

/** Hours still allowed by the 72-hour limit, and the extension choices within it. */
export function extensionChoices(b: Pick<Booking, 'durationHours' | 'extendedHours'>): number[] {
  const left = LOCKER_RULES.maxTotalHours - b.durationHours - b.extendedHours;
  return BOOKING_DURATIONS_HOURS.filter((h) => h <= left);
}

type FinalMessageKey = `lockers.final${
  | 'Ended'
  | 'Unused'
  | 'ClearedByStaff'
  | 'Refunded'
  | 'TimedOut'
  | 'HoldLapsed'
  | 'NoShow'
  | 'WaitlistLapsed'
  | 'Cancelled'}`;

/** The messages key that says why a closed booking closed (its state and the server's closeReason). */
export function finalMessageKey(b: Pick<Booking, 'state' | 'closeReason'>): FinalMessageKey | null {
  switch (b.state) {
    case 'ended':
      if (b.closeReason === 'cleared_by_staff') return 'lockers.finalClearedByStaff';
      if (b.closeReason === 'unused') return 'lockers.finalUnused';
      return 'lockers.finalEnded';
    case 'timed_out':
      if (b.closeReason === 'hold') return 'lockers.finalHoldLapsed';
      if (b.closeReason === 'no_show') return 'lockers.finalNoShow';
      if (b.closeReason === 'waitlist') return 'lockers.finalWaitlistLapsed';
      return 'lockers.finalTimedOut';
    case 'cancelled':
      return b.closeReason === 'refunded' ? 'lockers.finalRefunded' : 'lockers.finalCancelled';
    default:
      return null;
  }
}

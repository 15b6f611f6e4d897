import { STORAGE_KEYS } from '@petti/shared/constants';
import type { Booking } from '@petti/shared/schemas/lockers';
import { type KeyValueStorage, readItem } from '../../lib/storage.ts';
import { pinStatus } from './booking-view.ts';

/**
 * The last known live bookings with their PINs, kept on this device so the PIN can still be shown
 * (and read out to whoever collects) when the phone is offline at the locker.
 */

export interface SavedBooking {
  id: string;
  siteId: string;
  siteName: { en: string; ta: string };
  size: Booking['size'];
  lockerLabel: string | null;
  state: Booking['state'];
  pin: string | null;
  pinExpiresAt: string | null;
  startsAt: string;
  endsAt: string;
}

export interface SavedBookings {
  savedAt: string;
  bookings: SavedBooking[];
}

export function saveLastBookings(storage: KeyValueStorage, live: readonly Booking[], nowMs: number): void {
  const saved: SavedBookings = {
    savedAt: new Date(nowMs).toISOString(),
    bookings: live.map((b) => ({
      id: b.id,
      siteId: b.siteId,
      siteName: b.site.name,
      size: b.size,
      lockerLabel: b.locker?.label ?? null,
      state: b.state,
      pin: b.pin,
      pinExpiresAt: b.pinExpiresAt,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
    })),
  };
  try {
    storage.setItem(STORAGE_KEYS.lastBookings, JSON.stringify(saved));
  } catch {
    // A full or blocked storage only costs the offline copy.
  }
}

/** What was saved, without bookings whose PIN can no longer open a door. */
export function readLastBookings(storage: KeyValueStorage, nowMs: number): SavedBookings | null {
  const raw = readItem(storage, STORAGE_KEYS.lastBookings);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as SavedBookings;
    if (!Array.isArray(parsed.bookings) || typeof parsed.savedAt !== 'string') return null;
    return {
      savedAt: parsed.savedAt,
      bookings: parsed.bookings.filter((b) => pinStatus(b, nowMs) !== 'expired'),
    };
  } catch {
    return null;
  }
}

export function clearLastBookings(storage: KeyValueStorage): void {
  storage.removeItem(STORAGE_KEYS.lastBookings);
}

import { STORAGE_KEYS } from '@petti/shared/constants';
import type { Booking } from '@petti/shared/schemas/lockers';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/storage.ts';
import { readLastBookings, saveLastBookings } from './last-bookings.ts';

const booking = (over: Partial<Booking>): Booking =>
  ({
    id: 'b1',
    siteId: 'bus-stand',
    site: {
      id: 'bus-stand',
      name: { en: 'Bus Stand Lockers', ta: 'பேருந்து நிலைய லாக்கர்கள்' },
      type: 'public_lockers',
    },
    size: 'M',
    locker: { id: 'bus-stand-M03', label: 'M03', column: 3, row: 3, low: false },
    state: 'reserved',
    pin: '482913',
    startsAt: '2026-11-20T10:00:00Z',
    endsAt: '2026-11-20T12:00:00Z',
    pinExpiresAt: '2026-11-20T12:00:00Z',
    ...over,
  }) as Booking;

describe('last known bookings', () => {
  it('keeps the PIN for offline use until it expires', () => {
    const storage = memoryStorage();
    saveLastBookings(storage, [booking({})], Date.parse('2026-11-20T10:30:00Z'));
    const during = readLastBookings(storage, Date.parse('2026-11-20T11:00:00Z'));
    expect(during?.savedAt).toBe('2026-11-20T10:30:00.000Z');
    expect(during?.bookings[0]).toMatchObject({
      pin: '482913',
      lockerLabel: 'M03',
      siteName: { en: 'Bus Stand Lockers' },
    });
    expect(readLastBookings(storage, Date.parse('2026-11-20T12:01:00Z'))?.bookings).toEqual([]);
  });

  it('survives a damaged entry', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.lastBookings]: '{not json' });
    expect(readLastBookings(storage, 0)).toBeNull();
  });
});

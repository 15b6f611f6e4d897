import type { Booking } from '@petti/shared/schemas/lockers';
import { describe, expect, it } from 'vitest';
import { liveBookings } from './bookings.ts';

describe('liveBookings', () => {
  it('keeps bookings in play, soonest end first', () => {
    const b = (id: string, state: Booking['state'], endsAt: string) => ({ id, state, endsAt }) as Booking;
    const list = [
      b('a', 'ended', '2026-11-20T09:00:00Z'),
      b('b', 'active', '2026-11-20T12:00:00Z'),
      b('c', 'reserved', '2026-11-20T11:00:00Z'),
      b('d', 'cancelled', '2026-11-20T08:00:00Z'),
    ];
    expect(liveBookings(list).map((x) => x.id)).toEqual(['c', 'b']);
  });
});

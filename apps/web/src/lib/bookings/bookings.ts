import type { LockerSize } from '@petti/shared/constants';
import { isFinal } from '@petti/shared/rules/booking-states';
import type { Booking, bookingListSchema } from '@petti/shared/schemas/lockers';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../api.ts';

/**
 * The shopper's booking list, which of them are still in play and where each one's page is. The
 * locker pages and the help chat's "my bookings" answer both read them, so they live here; booking,
 * paying and opening stay in features/bookings. Query keys start with 'bookings': the real-time
 * layer invalidates ['bookings'] when another device changes a booking.
 */

export type BookingList = z.infer<typeof bookingListSchema>;
export type BookingPeriod = 'recent' | 'past';

export interface QuoteParams {
  siteId: string;
  size: LockerSize;
  durationHours: number;
  startAt?: string;
}

export const bookingKeys = {
  all: ['bookings'] as const,
  list: (period: BookingPeriod) => ['bookings', 'list', period] as const,
  detail: (id: string) => ['bookings', 'detail', id] as const,
  quote: (q: QuoteParams) => ['bookings', 'quote', q] as const,
};

export function useBookingList(period: BookingPeriod, enabled = true) {
  return useQuery({
    queryKey: bookingKeys.list(period),
    queryFn: ({ signal }) => api.get<BookingList>('/bookings', { query: { period }, signal }),
    enabled,
  });
}

/** Bookings still in play (the dashboard's "your lockers"), soonest end first. */
export function liveBookings(bookings: readonly Booking[]): Booking[] {
  return bookings
    .filter((b) => !isFinal(b.state))
    .sort((a, b) => Date.parse(a.endsAt) - Date.parse(b.endsAt));
}

/** A booking's own status view; also where the checkout brings the payer back. */
export const bookingPath = (b: Pick<Booking, 'id' | 'siteId'>) =>
  `/booking/${encodeURIComponent(b.siteId)}?booking=${encodeURIComponent(b.id)}`;

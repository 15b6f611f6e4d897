import { TOPICS } from '@petti/shared/events';
import type {
  Booking,
  CreateBookingBody,
  cancelAnswerSchema,
  LockerQuoteAnswer,
  LockerSite,
  unlockAnswerSchema,
} from '@petti/shared/schemas/lockers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { bookingKeys, type QuoteParams } from '../../../lib/bookings/bookings.ts';
import { useLiveTopic } from '../../../lib/realtime/index.ts';

/**
 * The locker calls (docs/lockers.md). Query keys start with 'bookings' (or 'lockerSites'): the
 * real-time layer invalidates ['bookings'] when another device changes a booking.
 */

export type UnlockAnswer = z.infer<typeof unlockAnswerSchema>;
export type CancelAnswer = z.infer<typeof cancelAnswerSchema>;
export const sitesKey = ['lockerSites'] as const;

/**
 * GET /api/locker-locations: public, but sent signed in, so a resident also gets their complex's own
 * lockers (docs/complex.md); free counts move, so refresh every half minute while shown, and at once
 * when a site closes, reopens, goes offline or comes back (`public/locker-sites`, docs/lockers.md#locker-sites).
 */
export function useLockerSites() {
  useLiveTopic(TOPICS.lockerSites);
  return useQuery({
    queryKey: sitesKey,
    queryFn: ({ signal }) => api.get<{ sites: LockerSite[]; at: string }>('/locker-locations', { signal }),
    refetchInterval: 30_000,
  });
}

/** What adding `hours` to a booking would cost now, shown before paying (nothing is held). */
export function useExtensionQuote(id: string, hours: number | null) {
  return useQuery({
    queryKey: [...bookingKeys.detail(id), 'extensionQuote', hours],
    queryFn: ({ signal }) =>
      api.get<LockerQuoteAnswer>(`/bookings/${encodeURIComponent(id)}/extend/quote`, {
        query: { hours: hours ?? 0 },
        signal,
      }),
    enabled: hours !== null,
    placeholderData: keepPreviousData,
  });
}

export function useBooking(id: string | null) {
  return useQuery({
    queryKey: bookingKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<Booking>(`/bookings/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
  });
}

export function useQuote(params: QuoteParams | null) {
  return useQuery({
    queryKey: bookingKeys.quote(params ?? { siteId: '', size: 'S', durationHours: 1 }),
    queryFn: ({ signal }) => api.get<LockerQuoteAnswer>('/bookings/quote', { query: { ...params }, signal }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every booking action answers the booking as it now is: put it in the cache, refresh the lists. */
function useBookingAction<TVars, TAnswer>(
  call: (vars: TVars) => Promise<TAnswer>,
  bookingOf: (answer: TAnswer) => Booking | undefined,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      const booking = bookingOf(answer);
      if (booking) queryClient.setQueryData(bookingKeys.detail(booking.id), booking);
      void queryClient.invalidateQueries({ queryKey: ['bookings', 'list'] });
      void queryClient.invalidateQueries({ queryKey: sitesKey });
    },
  });
}

export const useCreateBooking = () =>
  useBookingAction(
    ({ body, idempotencyKey }: { body: CreateBookingBody; idempotencyKey: string }) =>
      api.post<Booking>('/bookings', body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    (b) => b,
  );

export const useExtendBooking = () =>
  useBookingAction(
    ({ id, hours }: { id: string; hours: number }) => api.post<Booking>(`/bookings/${id}/extend`, { hours }),
    (b) => b,
  );

export const useMoveBooking = () =>
  useBookingAction(
    ({ id, startAt }: { id: string; startAt: string }) => api.patch<Booking>(`/bookings/${id}`, { startAt }),
    (b) => b,
  );

export const useEndBooking = () =>
  useBookingAction(
    ({ id }: { id: string }) => api.post<Booking>(`/bookings/${id}/end`),
    (b) => b,
  );

export const useUnlockBooking = () =>
  useBookingAction(
    ({ id }: { id: string }) => api.post<UnlockAnswer>(`/bookings/${id}/unlock`),
    (a) => a.booking,
  );

export const useRenewPin = () =>
  useBookingAction(
    ({ id }: { id: string }) => api.post<Booking>(`/bookings/${id}/pin`),
    (b) => b,
  );

export const useCancelBooking = () =>
  useBookingAction(
    ({ id }: { id: string }) => api.delete<CancelAnswer>(`/bookings/${id}`),
    (a) => a.booking,
  );

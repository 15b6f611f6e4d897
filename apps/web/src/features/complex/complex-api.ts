import type {
  BuyListingBody,
  ComplexOrder,
  ComplexSummary,
  JoinComplexBody,
  JoinRequest,
  Listing,
  ListingInput,
  ListingPatch,
  Membership,
  Photo,
} from '@petti/shared/schemas/complex';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { complexSession } from './complex-session.ts';

/** The complex marketplace's routes (docs/complex.md), as queries and calls. */

const enc = encodeURIComponent;

export function useMembership() {
  return useQuery({
    queryKey: ['complex', 'membership'],
    queryFn: async ({ signal }) => {
      const { membership } = await api.get<{ membership: Membership | null }>('/complex/membership', {
        signal,
      });
      // The chosen complex is kept on the phone as `complexSessionId` (docs/complex.md#membership).
      complexSession.set(membership?.status === 'approved' ? membership.complexId : null);
      return membership;
    },
  });
}

export function useComplexes(query: { q: string; lat?: number; lng?: number }) {
  return useQuery({
    queryKey: ['complex', 'find', query],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ complexes: ComplexSummary[] }>('/complexes', {
          signal,
          query: { q: query.q || undefined, lat: query.lat, lng: query.lng },
        })
      ).complexes,
  });
}

export const joinComplex = (body: JoinComplexBody) => api.post<Membership>('/complex/membership', body);
export const leaveComplex = () => api.delete<void>('/complex/membership');

export function useListings(query: { q?: string; categoryId?: string }, enabled = true) {
  return useQuery({
    queryKey: ['complex', 'listings', query],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ listings: Listing[] }>('/complex/listings', {
          signal,
          query: { q: query.q || undefined, categoryId: query.categoryId },
        })
      ).listings,
    enabled,
  });
}

export function useListing(id: string | undefined) {
  return useQuery({
    queryKey: ['complex', 'listing', id],
    queryFn: ({ signal }) => api.get<Listing>(`/complex/listings/${enc(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useMyListings() {
  return useQuery({
    queryKey: ['complex', 'my-listings'],
    queryFn: ({ signal }) =>
      api.get<{
        listings: Listing[];
        earnings: { owedPaise: number; paidOutPaise: number; pendingPaise: number; sales: ComplexOrder[] };
      }>('/complex/my-listings', { signal }),
  });
}

export const uploadPhoto = (file: Blob) => api.post<Photo>('/complex/photos', file, { timeoutMs: 60_000 });
export const createListing = (body: ListingInput) => api.post<Listing>('/complex/listings', body);
export const updateListing = (id: string, patch: ListingPatch) =>
  api.patch<Listing>(`/complex/listings/${enc(id)}`, patch);
export const reportListing = (id: string, reason: string) =>
  api.post<void>(`/complex/listings/${enc(id)}/report`, { reason });

export const buyListing = (body: BuyListingBody) => api.post<ComplexOrder>('/complex/orders', body);

export function useComplexOrders() {
  return useQuery({
    queryKey: ['complex', 'orders'],
    queryFn: async ({ signal }) =>
      (await api.get<{ orders: ComplexOrder[] }>('/complex/orders', { signal })).orders,
  });
}

export function useComplexOrder(id: string | undefined) {
  return useQuery({
    queryKey: ['complex', 'order', id],
    queryFn: ({ signal }) => api.get<ComplexOrder>(`/complex/orders/${enc(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

export type OrderAction = 'handed-over' | 'received' | 'problem' | 'cancel';
export const orderAction = (id: string, action: OrderAction, reason?: string) =>
  api.post<ComplexOrder>(`/complex/orders/${enc(id)}/${action}`, reason ? { reason } : {});

export function useJoinRequests(enabled: boolean) {
  return useQuery({
    queryKey: ['complex', 'admin', 'requests'],
    queryFn: async ({ signal }) =>
      (await api.get<{ requests: JoinRequest[] }>('/complex/admin/requests', { signal })).requests,
    enabled,
  });
}

export function useReported(enabled: boolean) {
  return useQuery({
    queryKey: ['complex', 'admin', 'reports'],
    queryFn: async ({ signal }) =>
      (
        await api.get<{
          reported: Array<{ listing: Listing; reports: Array<{ reason: string; createdAt: string }> }>;
        }>('/complex/admin/reports', { signal })
      ).reported,
    enabled,
  });
}

export const decideRequest = (userId: string, decision: 'approve' | 'refuse', note?: string) =>
  api.post<JoinRequest>(`/complex/admin/requests/${enc(userId)}`, { decision, ...(note ? { note } : {}) });
export const hideListing = (id: string, hidden: boolean) =>
  api.post<Listing>(`/complex/admin/listings/${enc(id)}/hide`, { hidden });

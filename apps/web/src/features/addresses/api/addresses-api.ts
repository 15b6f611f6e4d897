import type { Address, AddressInput, AddressPatchBody, Place } from '@petti/shared/schemas/addresses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addressesKey } from '../../../lib/addresses/addresses.ts';
import { api } from '../../../lib/api.ts';

export type { Address, AddressInput, Place };

export async function createAddress(input: AddressInput): Promise<Address> {
  return (await api.post<{ address: Address }>('/addresses', input)).address;
}

export async function updateAddress(id: string, input: AddressPatchBody): Promise<Address> {
  return (await api.patch<{ address: Address }>(`/addresses/${encodeURIComponent(id)}`, input)).address;
}

export async function makeDefaultAddress(id: string): Promise<Address> {
  return (await api.post<{ address: Address }>(`/addresses/${encodeURIComponent(id)}/default`)).address;
}

export async function deleteAddress(id: string): Promise<void> {
  await api.delete<void>(`/addresses/${encodeURIComponent(id)}`);
}

/** Add, edit, delete and make default; each refreshes the list (the cart's picker reads it too). */
export function useAddressMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: addressesKey });
  return {
    create: useMutation({ mutationFn: createAddress, onSettled }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: AddressPatchBody }) => updateAddress(id, input),
      onSettled,
    }),
    makeDefault: useMutation({ mutationFn: makeDefaultAddress, onSettled }),
    remove: useMutation({ mutationFn: deleteAddress, onSettled }),
  };
}

/** GET /api/places?q=: the town's streets, areas and landmarks matching the text. */
export async function searchPlaces(q: string, signal?: AbortSignal): Promise<Place[]> {
  return (await api.get<{ places: Place[] }>('/places', { signal, query: { q } })).places;
}

export function usePlaces(q: string) {
  const trimmed = q.trim();
  return useQuery({
    queryKey: ['places', trimmed],
    queryFn: ({ signal }) => searchPlaces(trimmed, signal),
    enabled: trimmed.length >= 2,
    staleTime: 600_000,
  });
}

import type { Address } from '@petti/shared/schemas/addresses';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';

/**
 * The saved-address list. Checkout's delivery picker and the shop's distance sorting read it as well
 * as the addresses page, so the read side lives here; the edits stay in features/addresses.
 */
export const addressesKey = ['addresses'] as const;

/** GET /api/addresses answers `{ addresses }`. */
export async function getAddresses(signal?: AbortSignal): Promise<Address[]> {
  return (await api.get<{ addresses: Address[] }>('/addresses', { signal })).addresses;
}

export function useAddresses() {
  return useQuery({ queryKey: addressesKey, queryFn: ({ signal }) => getAddresses(signal) });
}

/** The default address, else the first; undefined while loading or when there is none. */
export function defaultAddress(addresses: Address[] | undefined): Address | undefined {
  return addresses?.find((a) => a.isDefault) ?? addresses?.[0];
}

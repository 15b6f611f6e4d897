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

/** The query parameter the address page hands a new address's id back in, to the page it returns to. */
export const SAVED_ADDRESS_PARAM = 'savedAddress';

/** `returnTo` (a path of this app) with the new address's id for the page to choose it. */
export function withSavedAddressParam(returnTo: string, addressId: string): string {
  const url = new URL(returnTo, 'http://app.invalid');
  url.searchParams.set(SAVED_ADDRESS_PARAM, addressId);
  return `${url.pathname}${url.search}${url.hash}`;
}

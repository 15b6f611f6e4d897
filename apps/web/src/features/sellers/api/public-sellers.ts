import type { Seller } from '@petti/shared/schemas/catalog';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * GET /api/sellers is public (docs/product.md#people-and-access): asked without a token, so the pages
 * for would-be sellers work signed out. Categories come from lib/shop (also asked without one).
 */
export async function getPublicSellers(signal?: AbortSignal): Promise<Seller[]> {
  return (await api.get<{ sellers: Seller[] }>('/sellers', { signal, auth: false })).sellers;
}

export function usePublicSellers() {
  return useQuery({ queryKey: ['sellers', 'public'], queryFn: ({ signal }) => getPublicSellers(signal) });
}

import type { Category, Seller } from '@petti/shared/schemas/catalog';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/sellers and /api/categories are public (PRODUCT.md "People and access"). */
export async function getPublicSellers(signal?: AbortSignal): Promise<Seller[]> {
  return (await api.get<{ sellers: Seller[] }>('/sellers', { signal, auth: false })).sellers;
}

export async function getPublicCategories(signal?: AbortSignal): Promise<Category[]> {
  return (await api.get<{ categories: Category[] }>('/categories', { signal, auth: false })).categories;
}

export function usePublicSellers() {
  return useQuery({ queryKey: ['sellers', 'public'], queryFn: ({ signal }) => getPublicSellers(signal) });
}

export function usePublicCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getPublicCategories(signal),
    staleTime: 600_000,
  });
}

import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { localStore } from '../storage.ts';
import { rememberShop } from './known-shop.ts';
import type { Category, Product, ProductPage, Seller, SellerPage } from './types.ts';

/**
 * The shops' GETs: categories, sellers, products (public data; the service worker keeps their last
 * answers for offline browsing, vite.config.ts). Query keys start with the resource so a change can
 * refresh them all. In lib/ because the catalog, cart, orders and complex pages all read them.
 */

export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return (await api.get<{ categories: Category[] }>('/categories', { signal, auth: false })).categories;
}

export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 600_000,
  });
}

export interface SellerQuery {
  lat?: number;
  lng?: number;
  categoryId?: string;
  /** With lat,lng: only the sellers whose range reaches that point. */
  inRange?: boolean;
  /** Only the shops that offer this mode (`grab` for grab-and-go). */
  mode?: 'home' | 'locker' | 'curbside' | 'grab';
}

export async function getSellers(query: SellerQuery, signal?: AbortSignal): Promise<Seller[]> {
  return (await api.get<{ sellers: Seller[] }>('/sellers', { signal, query: { ...query } })).sellers;
}

export function useSellers(query: SellerQuery, enabled = true) {
  return useQuery({
    queryKey: ['sellers', query],
    queryFn: ({ signal }) => getSellers(query, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/sellers/:id: the shop, its category and the categories it has products in. */
export function getSellerPage(id: string, signal?: AbortSignal): Promise<SellerPage> {
  return api.get<SellerPage>(`/sellers/${encodeURIComponent(id)}`, { signal });
}

export async function getSeller(id: string, signal?: AbortSignal): Promise<Seller> {
  return (await getSellerPage(id, signal)).seller;
}

export function useSeller(id: string | undefined) {
  return useQuery({
    queryKey: ['sellers', 'one', id],
    queryFn: async ({ signal }) => {
      const seller = await getSeller(id!, signal);
      // Its hours kept for the next first screen that needs them (known-shop.ts).
      rememberShop(localStore(), seller);
      return seller;
    },
    enabled: Boolean(id),
    staleTime: 300_000,
  });
}

export interface ProductQuery {
  sellerId?: string;
  categoryId?: string;
  q?: string;
  /** An EAN-13 read off a pack (grab-and-go). */
  barcode?: string;
  page?: number;
}

export function getProducts(query: ProductQuery, signal?: AbortSignal): Promise<ProductPage> {
  return api.get<ProductPage>('/products', { signal, query: { ...query } });
}

export function useProducts(query: ProductQuery, enabled = true) {
  return useQuery({
    queryKey: ['products', query],
    queryFn: ({ signal }) => getProducts(query, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Every page so far of a product query, for "Show more" (GET /api/products?page=). */
export function useProductPages(query: Omit<ProductQuery, 'page'>, enabled = true) {
  return useInfiniteQuery({
    queryKey: ['products', 'pages', query],
    queryFn: ({ signal, pageParam }) => getProducts({ ...query, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled,
  });
}

export async function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const body = await api.get<{ product: Product } | Product>(`/products/${encodeURIComponent(id)}`, {
    signal,
  });
  return 'product' in body ? body.product : body;
}

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: ['products', 'one', id],
    queryFn: ({ signal }) => getProduct(id!, signal),
    enabled: Boolean(id),
  });
}

import { ORDER_FINAL_STATES, type OrderList } from '@petti/shared/schemas/orders';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api.ts';

/**
 * The shopper's order list and when an order is over. The orders pages and the help chat's "where
 * is my order" both read them, so they live here; one order's page and its actions stay in
 * features/orders.
 */

/** Every order query starts with this key, so one invalidation refreshes lists and pages. */
export const ordersKey = ['orders'] as const;

export function getOrders(page: number, signal?: AbortSignal): Promise<OrderList> {
  return api.get<OrderList>('/orders', { signal, query: { page } });
}

/** GET /api/orders, newest first, page by page. */
export function useOrders() {
  return useInfiniteQuery({
    queryKey: [...ordersKey, 'list'],
    queryFn: ({ signal, pageParam }) => getOrders(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

const FINAL = new Set<string>(ORDER_FINAL_STATES);

export function isFinal(state: string): boolean {
  return FINAL.has(state);
}

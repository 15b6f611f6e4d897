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

/** One page of the shopper's orders: the newest, or those after a page's `nextCursor`. */
export function getOrders(after: string | null, signal?: AbortSignal): Promise<OrderList> {
  return api.get<OrderList>('/orders', { signal, query: after ? { after } : {} });
}

/** GET /api/orders, newest first, page by page (by cursor, so a long history stays quick). */
export function useOrders() {
  return useInfiniteQuery({
    queryKey: [...ordersKey, 'list'],
    queryFn: ({ signal, pageParam }) => getOrders(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

const FINAL = new Set<string>(ORDER_FINAL_STATES);

export function isFinal(state: string): boolean {
  return FINAL.has(state);
}

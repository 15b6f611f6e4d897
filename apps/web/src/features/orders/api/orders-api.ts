import type { Order, OrderList } from '@petti/shared/schemas/orders';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { isFinal } from '../order-timeline.ts';

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

export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return api.get<Order>(`/orders/${encodeURIComponent(id)}`, { signal });
}

export function useOrder(id: string | undefined) {
  return useQuery({
    queryKey: [...ordersKey, 'one', id],
    queryFn: ({ signal }) => getOrder(id!, signal),
    enabled: Boolean(id),
    // Live events move the page; this slow poll only covers a dropped real-time connection.
    refetchInterval: (query) => (query.state.data && !isFinal(query.state.data.state) ? 30_000 : false),
  });
}

type OrderAction = 'cancel' | 'arrived' | 'on-my-way';

function act(id: string, action: OrderAction, body?: unknown): Promise<Order> {
  return api.post<Order>(`/orders/${encodeURIComponent(id)}/${action}`, body ?? {});
}

/** Cancel (before packing, refunded), "On my way" and "I'm here" (curbside); each answers the order. */
export function useOrderAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: OrderAction; body?: unknown }) => act(id, action, body),
    onSuccess: (order) => {
      queryClient.setQueryData([...ordersKey, 'one', id], order);
      void queryClient.invalidateQueries({ queryKey: [...ordersKey, 'list'] });
    },
  });
}

import type { Order } from '@petti/shared/schemas/orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { isFinal, ordersKey } from '../../../lib/orders/orders.ts';

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

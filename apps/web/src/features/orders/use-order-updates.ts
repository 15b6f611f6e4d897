import { useQueryClient } from '@tanstack/react-query';
import { ordersKey } from '../../lib/orders/orders.ts';
import { useLiveEvents } from '../../lib/realtime/index.ts';

/** Order events (`orderAccepted`, `orderInLocker`, …) and the payment events an order waits on. */
export function isOrderEvent(event: string): boolean {
  return /^order[A-Z]/.test(event) || /^payment(Captured|Failed|Refunded)$/.test(event);
}

/**
 * Live order status (docs/product.md#order-states, #device-session): every order event — from the shop, the
 * rider, the locker, a timer or this user's other device — refreshes the order lists and pages on screen.
 * (useOrder also polls slowly while an order is open, in case the connection is down.)
 */
export function useOrderUpdates(): void {
  const queryClient = useQueryClient();
  useLiveEvents((e) => {
    if (isOrderEvent(String(e.event))) void queryClient.invalidateQueries({ queryKey: ordersKey });
  });
}

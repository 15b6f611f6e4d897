import { ORDER_CANCELLABLE_STATES, type Order } from '@petti/shared/schemas/orders';

const CANCELLABLE = new Set<string>(ORDER_CANCELLABLE_STATES);

/**
 * Cancel is offered until the shop packs the order (docs/product.md#order-cancellation: before packing,
 * refunded in full).
 */
export function canCancel(order: Pick<Order, 'state'>): boolean {
  return CANCELLABLE.has(order.state);
}

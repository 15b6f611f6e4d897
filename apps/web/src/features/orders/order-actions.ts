import { ORDER_CANCELLABLE_STATES, type Order } from '@petti/shared/schemas/orders';

const CANCELLABLE = new Set<string>(ORDER_CANCELLABLE_STATES);

/**
 * Cancel is offered until the shop packs the order (docs/product.md#order-cancellation: before packing,
 * refunded in full).
 */
export function canCancel(order: Pick<Order, 'state'>): boolean {
  return CANCELLABLE.has(order.state);
}

/**
 * Where a curbside order is for the shopper's check-ins: 'waiting' (paid, being prepared: "On my
 * way" and "I'm here" both make sense), 'ready' (ready for pickup: "I'm here"), 'arrived' (the shop
 * knows; someone is coming out), or 'none' (not curbside, not paid yet, or over).
 */
export function curbsideStage(
  order: Pick<Order, 'state' | 'deliveryType'>,
): 'waiting' | 'ready' | 'arrived' | 'none' {
  if (order.deliveryType !== 'curbside') return 'none';
  switch (order.state) {
    case 'placed':
    case 'accepted':
    case 'packed':
      return 'waiting';
    case 'ready_for_pickup':
      return 'ready';
    case 'arrived':
      return 'arrived';
    default:
      return 'none';
  }
}

import type { OrderDeliveryType, OrderState } from './order-states.ts';

/**
 * Where a curbside order is for the buyer's check-ins (docs/product.md#curbside), for the server that
 * allows them and the app that offers them:
 * - `scheduled`: placed for when the shop opens, which is still ahead; nothing to check in to yet;
 * - `waiting`: paid and being prepared: "On my way" (and "I'm here", answered "not ready yet");
 * - `ready`: ready for pickup: "I'm here";
 * - `arrived`: the shop knows; someone is coming out;
 * - `none`: not curbside, not paid yet, or over.
 */
export type CurbsideStage = 'scheduled' | 'waiting' | 'ready' | 'arrived' | 'none';

export function curbsideStage(
  order: { state: OrderState; deliveryType: OrderDeliveryType; scheduledFor: string | Date | null },
  nowMs: number,
): CurbsideStage {
  if (order.deliveryType !== 'curbside') return 'none';
  switch (order.state) {
    case 'placed':
      return order.scheduledFor !== null && new Date(order.scheduledFor).getTime() > nowMs
        ? 'scheduled'
        : 'waiting';
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

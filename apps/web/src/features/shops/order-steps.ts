import { nextShopState, opsActionFor } from '@petti/shared/rules/order-states';
import type { ShopOrder, ShopOrderStep } from '@petti/shared/schemas/shops';

/** The shop's next step for an order on its board, or null when the buyer acts next (or it is done). */
export function nextStep(order: Pick<ShopOrder, 'state' | 'deliveryType'>): ShopOrderStep | 'accept' | null {
  // Ready at the kerb: the buyer may walk up without tapping "I'm here"; the shop hands over either way.
  if (order.state === 'ready_for_pickup') return 'hand-over';
  const to = nextShopState(order.state, order.deliveryType);
  return to ? opsActionFor(to) : null;
}

/** Minutes an order has waited since it was paid (its `placed` entry), for the board's "waiting" line. */
export function minutesWaiting(order: Pick<ShopOrder, 'shopTimeline' | 'createdAt'>, nowMs: number): number {
  const placed = order.shopTimeline.find((s) => s.state === 'placed')?.at ?? order.createdAt;
  return Math.max(0, Math.floor((nowMs - Date.parse(placed)) / 60_000));
}

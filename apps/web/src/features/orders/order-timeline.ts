import { nextShopState, type OrderDeliveryType, type OrderState } from '@petti/shared/schemas/orders';
import { isFinal } from '../../lib/orders/orders.ts';

/**
 * The steps an order goes through for its delivery type (docs/product.md#order-states, the shared
 * orders schema's transitions), and where this order is among them, for the timeline on
 * /profile/MyOrders/:id.
 */

/** The happy path for a delivery type: placed, then the shop's steps, with the buyer's check-in for curbside. */
export function flowOf(type: OrderDeliveryType): OrderState[] {
  const flow: OrderState[] = ['placed'];
  for (let state = nextShopState('placed', type); state; state = nextShopState(state, type)) {
    flow.push(state);
    if (state === 'ready_for_pickup') break;
  }
  // The buyer's own steps: the PIN at the locker; "I'm here", then the hand-over at the kerb.
  if (type === 'locker') flow.push('collected');
  if (type === 'curbside') flow.push('arrived', 'handed_over');
  return flow;
}

export interface StateChange {
  state: string;
  at: string;
}

export interface TimelineStep {
  state: string;
  status: 'done' | 'current' | 'todo';
  at?: string;
}

/**
 * The flow's steps marked done / current / to do, with when each was reached. A step the order
 * skipped (curbside handed over without "I'm here") shows as done once a later step is reached.
 */
export function timelineOf(type: OrderDeliveryType, state: string, history: StateChange[]): TimelineStep[] {
  const reached = new Map<string, string>();
  for (const change of history) if (!reached.has(change.state)) reached.set(change.state, change.at);
  const flow = flowOf(type);
  const currentIndex = flow.indexOf(state as OrderState);
  return flow.map((step, i) => {
    let status: TimelineStep['status'];
    if (currentIndex === -1) status = reached.has(step) ? 'done' : 'todo';
    else if (i < currentIndex) status = 'done';
    else if (i === currentIndex) status = isFinal(step) ? 'done' : 'current';
    else status = 'todo';
    const at = reached.get(step);
    return { state: step, status, ...(at && { at }) };
  });
}

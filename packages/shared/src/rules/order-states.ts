/**
 * An order's states and who may move it between them (docs/product.md#order-states), for the
 * server's order core, the shop simulator and the app's timeline.
 */

export const ORDER_DELIVERY_TYPES = ['home', 'locker', 'curbside'] as const;
export type OrderDeliveryType = (typeof ORDER_DELIVERY_TYPES)[number];

/** docs/product.md#order-states: the states of an order for each delivery type. */
export const ORDER_STATES = [
  'awaiting_payment',
  'placed',
  'accepted',
  'packed',
  'out_for_delivery',
  'delivered',
  'in_locker',
  'collected',
  'ready_for_pickup',
  'arrived',
  'handed_over',
  'cancelled',
  'timed_out',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Who moves an order into a state: the payment, the shop (ops API), the buyer or a timer. */
const ORDER_TRANSITIONS: Record<OrderState, Partial<Record<OrderState, readonly OrderDeliveryType[]>>> = {
  awaiting_payment: {
    placed: ORDER_DELIVERY_TYPES,
    timed_out: ORDER_DELIVERY_TYPES,
    cancelled: ORDER_DELIVERY_TYPES,
  },
  placed: { accepted: ORDER_DELIVERY_TYPES, cancelled: ORDER_DELIVERY_TYPES },
  accepted: { packed: ORDER_DELIVERY_TYPES, cancelled: ORDER_DELIVERY_TYPES },
  packed: { out_for_delivery: ['home'], in_locker: ['locker'], ready_for_pickup: ['curbside'] },
  out_for_delivery: { delivered: ['home'] },
  delivered: {},
  in_locker: { collected: ['locker'] },
  collected: {},
  ready_for_pickup: { arrived: ['curbside'], handed_over: ['curbside'] },
  arrived: { handed_over: ['curbside'] },
  handed_over: {},
  cancelled: {},
  timed_out: {},
};

export function canOrderTransition(from: OrderState, to: OrderState, type: OrderDeliveryType): boolean {
  return ORDER_TRANSITIONS[from][to]?.includes(type) ?? false;
}

/** The buyer may cancel until the shop has packed the order. */
export const ORDER_CANCELLABLE_STATES = [
  'awaiting_payment',
  'placed',
  'accepted',
] as const satisfies readonly OrderState[];

/** States the order ends in. */
export const ORDER_FINAL_STATES = [
  'delivered',
  'collected',
  'handed_over',
  'cancelled',
  'timed_out',
] as const satisfies readonly OrderState[];

/** The shop's next step for an order (what the shop simulator does); null when it waits for the buyer or is done. */
export function nextShopState(state: OrderState, type: OrderDeliveryType): OrderState | null {
  switch (state) {
    case 'placed':
      return 'accepted';
    case 'accepted':
      return 'packed';
    case 'packed':
      return type === 'home' ? 'out_for_delivery' : type === 'locker' ? 'in_locker' : 'ready_for_pickup';
    case 'out_for_delivery':
      return 'delivered';
    case 'arrived':
      return 'handed_over';
    default:
      return null;
  }
}

export const ORDER_RULES = {
  /** An unpaid order keeps its stock this long, then times out. */
  paymentHoldMinutes: 10,
  /** A parcel locker holds an order this long for its buyer. */
  lockerHoldHours: 48,
} as const;

/** The ops actions, each a `POST /api/ops/orders/:id/{action}`. */
export const OPS_ORDER_ACTIONS = {
  accept: 'accepted',
  pack: 'packed',
  dispatch: 'out_for_delivery',
  deliver: 'delivered',
  'drop-in-locker': 'in_locker',
  'ready-for-pickup': 'ready_for_pickup',
  'hand-over': 'handed_over',
} as const satisfies Record<string, OrderState>;
export type OpsOrderAction = keyof typeof OPS_ORDER_ACTIONS;

/** The state an ops action moves an order to, by the target state (what the shop simulator sends). */
export const opsActionFor = (to: OrderState): OpsOrderAction | null =>
  (Object.entries(OPS_ORDER_ACTIONS).find(([, s]) => s === to)?.[0] as OpsOrderAction | undefined) ?? null;

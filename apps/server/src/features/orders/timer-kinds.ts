/** Orders' timers, on the one timer table and worker (platform/jobs): kinds are prefixed `order.`. */
export const ORDER_TIMER_KINDS = {
  /** An unpaid order's stock hold runs out. */
  paymentHold: 'order.payment-hold',
  /** A cancelled order's refund, through the provider. */
  refund: 'order.refund',
  /** A parcel's pickup window in its locker ends. */
  parcelPickup: 'order.parcel-pickup',
} as const;

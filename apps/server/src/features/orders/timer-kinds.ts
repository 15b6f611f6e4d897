/** Orders' timers, on the one timer table and worker (platform/jobs): kinds are prefixed `order.`. */
export const ORDER_TIMER_KINDS = {
  /** An unpaid order's stock hold runs out. */
  paymentHold: 'order.payment-hold',
  /** A cancelled order's refund, through the provider. */
  refund: 'order.refund',
  /** What the shop's changes owe the buyer, refunded up to that total (docs/shops.md#an-item-is-not-there). */
  refundOwed: 'order.refund-owed',
  /** A substitute offer left unanswered for 10 minutes counts as declined. */
  substitutionExpiry: 'order.substitution-expiry',
  /** A parcel's pickup window in its locker ends. */
  parcelPickup: 'order.parcel-pickup',
} as const;

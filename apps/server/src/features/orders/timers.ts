import type { TimerRow } from '../../platform/jobs/schema.ts';
import type { JobWorker } from '../../platform/jobs/worker.ts';
import type { OrdersService } from './service.ts';

/** Orders' timers, on the one timer table and worker (platform/jobs): kinds are prefixed `order.`. */
export const ORDER_TIMER_KINDS = {
  /** An unpaid order's stock hold runs out. */
  paymentHold: 'order.payment-hold',
  /** A cancelled order's refund, through the provider. */
  refund: 'order.refund',
  /** A parcel's pickup window in its locker ends. */
  parcelPickup: 'order.parcel-pickup',
} as const;

const orderIdOf = (timer: TimerRow): string => {
  const id = timer.data.orderId;
  if (typeof id !== 'string') throw new Error(`timer ${timer.id} (${timer.kind}) names no order`);
  return id;
};

/**
 * A payment hold and a parcel's pickup window run in the transaction that holds the timer's row; a
 * refund calls the provider, so its row is leased while it runs and deleted after (a crash runs it
 * again, which is harmless: nothing is left to refund). Parcels taken out are noticed on every pass.
 */
export function registerOrderTimers(jobs: JobWorker, orders: OrdersService): void {
  jobs.register({
    handlers: {
      [ORDER_TIMER_KINDS.paymentHold]: (_tx, timer, fx) => orders.expireHold(fx, orderIdOf(timer)),
      [ORDER_TIMER_KINDS.parcelPickup]: (_tx, timer, fx) => orders.parcelPickupEnded(fx, orderIdOf(timer)),
    },
    leased: {
      [ORDER_TIMER_KINDS.refund]: (timer) => orders.refundOrder(orderIdOf(timer)),
    },
    sweep: () => orders.collectOpenedParcels(),
  });
}

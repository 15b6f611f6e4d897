import type { TimerRow } from '../../platform/jobs/schema.ts';
import { timerString } from '../../platform/jobs/timer-data.ts';
import type { JobWorker } from '../../platform/jobs/worker.ts';
import type { OrdersService } from './service.ts';
import { ORDER_TIMER_KINDS } from './timer-kinds.ts';

const orderIdOf = (timer: TimerRow): string => timerString(timer, 'orderId');

/**
 * A parcel's pickup window runs in the transaction that holds the timer's row. A payment hold runs
 * the `orders.cancel` flow and a refund calls the provider, so their rows are leased while they run
 * and deleted after (a crash runs them again, which is harmless: an order already timed out is left
 * alone, and nothing is left to refund). Parcels taken out are noticed on every pass.
 */
export function registerOrderTimers(jobs: JobWorker, orders: OrdersService): void {
  jobs.register({
    handlers: {
      [ORDER_TIMER_KINDS.parcelPickup]: (_tx, timer, fx) => orders.parcelPickupEnded(fx, orderIdOf(timer)),
    },
    leased: {
      // The `orders.cancel` flow: steps of their own, so no transaction is held around it.
      [ORDER_TIMER_KINDS.paymentHold]: (timer) => orders.expireHold(orderIdOf(timer)),
      [ORDER_TIMER_KINDS.refund]: (timer) => orders.refundOrder(orderIdOf(timer)),
      [ORDER_TIMER_KINDS.refundOwed]: (timer) => orders.refundOwed(orderIdOf(timer)),
      [ORDER_TIMER_KINDS.substitutionExpiry]: (timer) =>
        orders.expireSubstitute(orderIdOf(timer), String(timer.data.substitutionId)),
    },
    sweep: () => orders.collectOpenedParcels(),
  });
}

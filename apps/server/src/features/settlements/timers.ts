import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { scheduling } from '../../platform/jobs/worker.ts';
import { SETTLEMENT_TIMERS } from './deps.ts';

/**
 * Settlement's timers, set in the transaction that makes them needed and due at once; keyed, so
 * setting one again while it waits moves it instead of adding another (docs/shops.md#settlement).
 */
export const settlementTimers = {
  order: (tx: DbOrTx, clock: Clock, orderId: string) =>
    scheduling(tx, clock, {
      kind: SETTLEMENT_TIMERS.order,
      key: `settlements:order:${orderId}`,
      dueAt: clock.now(),
      data: { orderId },
    }),
  shop: (tx: DbOrTx, clock: Clock, sellerId: string) =>
    scheduling(tx, clock, {
      kind: SETTLEMENT_TIMERS.shop,
      key: `settlements:shop:${sellerId}`,
      dueAt: clock.now(),
      data: { sellerId },
    }),
  settled: (tx: DbOrTx, clock: Clock, settlementId: string) =>
    scheduling(tx, clock, {
      kind: SETTLEMENT_TIMERS.settled,
      key: `settlements:settled:${settlementId}`,
      dueAt: clock.now(),
      data: { settlementId },
    }),
};

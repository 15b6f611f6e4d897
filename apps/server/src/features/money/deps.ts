import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import type { JobWorker } from '../../platform/jobs/worker.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { MoneyChecks } from './checks.ts';

/** One order's split now, by the shop-share rule (orders/shop-share.ts). */
export interface OrderSplit {
  sellerId: string;
  sharePaise: number;
  pettiFeesPaise: number;
}

/** What the money journal uses; other features are reached only through these. */
export interface MoneyDeps {
  db: Db;
  clock: Clock;
  transactor: Transactor;
  jobs: JobWorker;
  checks: MoneyChecks;
  payments: Pick<PaymentsService, 'onMoneyMoved' | 'tookMoney' | 'lock'>;
  orders: { split(q: DbOrTx, orderId: string): Promise<OrderSplit | null> };
}

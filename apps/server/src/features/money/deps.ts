import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import type { JobWorker } from '../../platform/jobs/worker.ts';
import type { NotificationSink, PaymentsService } from '../payments/index.ts';
import type { MoneyChecks } from './checks.ts';

/** One order's split now, by the shop-share rule (orders/shop-share.ts). */
export interface OrderSplit {
  sellerId: string;
  sharePaise: number;
  pettiFeesPaise: number;
}

/** What the money checks use: made first, so that every feature can hold a fact or add a check. */
export interface MoneyCheckDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  notifications: NotificationSink;
  /** Petti's operators, who hear of money that does not add up. */
  operatorIds(q: DbOrTx): Promise<string[]>;
  /** A money check past this age is told to operators (a transfer in flight is not yet a problem). */
  alertAfterMs?: number;
}

/** What the money journal uses; other features are reached only through these. */
export interface MoneyDeps {
  db: Db;
  clock: Clock;
  transactor: Transactor;
  jobs: JobWorker;
  checks: MoneyChecks;
  payments: Pick<PaymentsService, 'onMoneyMoved' | 'tookMoney'>;
  orders: { split(q: DbOrTx, orderId: string): Promise<OrderSplit | null> };
}

import type { PaymentProviderName } from '@petti/shared';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import type { FlowRunner } from '../../platform/flows/runner.ts';
import type { JobWorker } from '../../platform/jobs/worker.ts';
import type { RouteProvider } from '../../platform/payments/route-provider.ts';
import type { Money, MoneyJournal } from '../money/index.ts';
import type { OrderShare } from '../orders/index.ts';
import type { PaymentsService } from '../payments/index.ts';

/** What shop settlements use; orders, payments and shops are reached only through these. */
export interface SettlementsDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  transactor: Transactor;
  flows: FlowRunner;
  jobs: JobWorker;
  /** The provider payments go through now, and its Route. */
  provider: PaymentProviderName;
  route: RouteProvider;
  /** The money journal: every change of a transfer or reversal is posted there in its transaction. */
  journal: Pick<MoneyJournal, 'align' | 'unposted' | 'sellerBalances' | 'sellerScopes' | 'orderLedger'>;
  /** Where settlements' own checks of the books are registered, and provider facts held. */
  checks: Pick<Money['checks'], 'register' | 'hold' | 'reconciler'>;
  orders: {
    shares(q: DbOrTx, where: { orderIds: readonly string[] } | { sellerId: string }): Promise<OrderShare[]>;
  };
  payments: Pick<PaymentsService, 'findById' | 'onMoneyMoved' | 'onWebhookEvent'>;
  shops: {
    /** The shop's name and a phone the provider can reach it on (its own, or its owner's). */
    contact(shopId: string): Promise<{ name: string; phone: string | null }>;
  };
}

/** Timer kinds: all leased, since each asks the provider something. */
export const SETTLEMENT_TIMERS = {
  /** Bring one order's transfer in line with what it earns now (send, or take back). */
  order: 'settlements.order',
  /** Every paid order of a shop whose account just became able to receive. */
  shop: 'settlements.shop',
  /** A provider settlement paid transfers into a shop's bank: mark which. */
  settled: 'settlements.settled',
} as const;

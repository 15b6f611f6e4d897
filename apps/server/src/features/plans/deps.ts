import type { FastifyBaseLogger as Logger } from 'fastify';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { UserEvents } from '../../platform/events/user-events.ts';
import type { FlowRunner } from '../../platform/flows/runner.ts';
import type { SubscriptionProvider } from '../../platform/payments/subscription-provider.ts';
import type { MoneyChecks } from '../money/index.ts';
import type { NotificationSink, PaymentsService } from '../payments/index.ts';

export interface PlansDeps {
  db: Db;
  clock: Clock;
  payments: PaymentsService;
  notifications: NotificationSink;
  userEvents: UserEvents;
  log: Logger;
  flows: FlowRunner;
  /** Word of committed changes, for the delivery fee rules kept in memory. */
  changes: ChangeFeed;
  /** The provider's recurring charges, for automatic renewal (docs/payments.md#automatic-renewal). */
  recurring: SubscriptionProvider;
  /** Money checks: a charge of another amount than the mandate's is held there, and the books checked. */
  checks: Pick<MoneyChecks, 'hold' | 'register'>;
}

import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { UserEvents } from '../../platform/events/user-events.ts';
import type { FlowRunner } from '../../platform/flows/runner.ts';
import type { NewNotification } from '../notifications/service.ts';
import type { PaymentsService } from '../payments/index.ts';

export interface PlansDeps {
  db: Db;
  clock: Clock;
  payments: PaymentsService;
  notifications: { add(tx: DbOrTx, n: NewNotification): Promise<unknown> };
  userEvents: UserEvents;
  log: Logger;
  flows: FlowRunner;
}

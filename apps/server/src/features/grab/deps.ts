import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EventOutbox } from '../../platform/events/outbox.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import type { UserEvents } from '../../platform/events/user-events.ts';
import type { FlowRunner } from '../../platform/flows/runner.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { ExitPasses } from './exit-pass.ts';

/** What grab-and-go needs from the rest of the server. */
export interface GrabDeps {
  db: Db;
  clock: Clock;
  flows: FlowRunner;
  payments: PaymentsService;
  transactor: Transactor;
  outbox: EventOutbox;
  userEvents: UserEvents;
  notifications: NotificationsService;
  passes: ExitPasses;
}

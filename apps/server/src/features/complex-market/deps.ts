import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import type { UserEvents } from '../../platform/events/user-events.ts';
import type { FlowRunner } from '../../platform/flows/runner.ts';
import type { JobWorker } from '../../platform/jobs/worker.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { ParcelLockers } from '../bookings/index.ts';
import type { MembershipService } from '../complex/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PaymentsService } from '../payments/index.ts';

/** What the complex marketplace needs from the rest of the server. */
export interface MarketDeps {
  db: Db;
  clock: Clock;
  transactor: Transactor;
  userEvents: UserEvents;
  notifications: NotificationsService;
  flows: FlowRunner;
  jobs: JobWorker;
  payments: PaymentsService;
  parcels: ParcelLockers;
  membership: MembershipService;
  storage: FileStorage;
}

import type { AppContext } from '../../app-context.ts';
import type { EventOutbox } from '../../platform/events/outbox.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import type { UserEvents } from '../../platform/events/user-events.ts';
import type { FlowRunner } from '../../platform/flows/runner.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import { createExitPasses } from './exit-pass.ts';
import { createGrabService } from './service.ts';

/** Grab-and-go: paying a shop's grab cart and its exit pass (docs/grab-and-go.md). */
export function createGrabFeature(
  ctx: AppContext,
  deps: {
    flows: FlowRunner;
    payments: PaymentsService;
    transactor: Transactor;
    outbox: EventOutbox;
    userEvents: UserEvents;
    notifications: NotificationsService;
  },
) {
  // The pass key is derived from the server's signing secret (docs/grab-and-go.md#exit-pass): every
  // process of one deployment signs and checks alike, with nothing more to configure.
  const passes = createExitPasses(ctx.config.JWT_SECRET);
  return {
    grab: createGrabService({ db: ctx.database.db, clock: ctx.clock, ...deps, passes }),
  };
}

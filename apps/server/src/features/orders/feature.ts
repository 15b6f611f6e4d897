import type { FastifyBaseLogger as Logger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { EventOutbox } from '../../platform/events/outbox.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import type { JobWorker } from '../../platform/jobs/worker.ts';
import type { ParcelLockers } from '../bookings/index.ts';
import { validateCartItems } from '../cart/validate.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import type { createPlansService } from '../plans/service.ts';
import { createOrderCore } from './core.ts';
import { registerOrderPaymentHooks } from './payment-hooks.ts';
import type { CartValidator, RangeChecker } from './ports.ts';
import { createOrdersService } from './service.ts';
import { registerOrderTimers } from './timers.ts';

/** The cart feature's validation (features/cart/validate.ts): per-item answers and the priced lines. */
const cartValidator: CartValidator = async (tx, items, now) => {
  const r = await validateCartItems(tx, items, now);
  return { ...r, lines: r.lines.map((l) => ({ ...l, name: { en: l.name.en, ta: l.name.ta ?? l.name.en } })) };
};

/** Orders: the service, its payment hook and its timers (on the lockers feature's worker). */
export function createOrderFeature(
  ctx: AppContext,
  log: Logger,
  deps: {
    payments: PaymentsService;
    plans: ReturnType<typeof createPlansService> | null;
    outbox: EventOutbox;
    transactor: Transactor;
    notifications: NotificationsService;
    parcels: ParcelLockers;
    /** The one timer worker (built by the lockers feature); orders add their kinds to it. */
    jobs: JobWorker;
    /** The marketplace feature's range check (one distance provider for both). */
    checkRange: RangeChecker;
  },
) {
  const { clock } = ctx;
  const db = ctx.database.db;
  const core = createOrderCore({
    db,
    clock,
    log,
    transactor: deps.transactor,
    outbox: deps.outbox,
    notifications: deps.notifications,
  });
  const orders = createOrdersService({
    core,
    parcels: deps.parcels,
    payments: deps.payments,
    plans: deps.plans,
    validateCart: cartValidator,
    checkRange: deps.checkRange,
    runTimerSoon: (id) => {
      void deps.jobs
        .runTimer(id)
        .catch((err: unknown) => log.error({ err }, 'running an order timer failed'));
    },
  });
  registerOrderTimers(deps.jobs, orders);
  registerOrderPaymentHooks(core, deps.payments, deps.plans);
  return { orders };
}

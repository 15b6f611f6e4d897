import type { FastifyBaseLogger as Logger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { EventOutbox } from '../../platform/events/outbox.ts';
import { createTransactor } from '../../platform/jobs/worker.ts';
import type { BookingCore } from '../bookings/core.ts';
import { validateCartItems } from '../cart/validate.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import type { createPlansService } from '../plans/service.ts';
import { createOrderCore } from './core.ts';
import { registerOrderPaymentHooks } from './payment-hooks.ts';
import type { CartValidator, RangeChecker } from './ports.ts';
import { createOrdersService } from './service.ts';
import { createOrderWorker, type OrderWorker } from './timers.ts';

/** The cart feature's validation (features/cart/validate.ts): per-item answers and the priced lines. */
const cartValidator: CartValidator = async (tx, items, now) => {
  const r = await validateCartItems(tx, items, now);
  return { ...r, lines: r.lines.map((l) => ({ ...l, name: { en: l.name.en, ta: l.name.ta ?? l.name.en } })) };
};

/** Orders: the service, its payment hook and its timer worker (started by bootstrap.ts). */
export function createOrderFeature(
  ctx: AppContext,
  log: Logger,
  deps: {
    payments: PaymentsService;
    plans: ReturnType<typeof createPlansService> | null;
    outbox: EventOutbox;
    notifications: NotificationsService;
    bookingCore: BookingCore;
    /** The marketplace feature's range check (one distance provider for both). */
    checkRange: RangeChecker;
  },
) {
  const { clock, config } = ctx;
  const db = ctx.database.db;
  const core = createOrderCore({
    db,
    clock,
    log,
    transactor: createTransactor(db, deps.outbox, log),
    outbox: deps.outbox,
    notifications: deps.notifications,
  });
  let worker: OrderWorker | null = null;
  const orders = createOrdersService({
    core,
    bookingCore: deps.bookingCore,
    payments: deps.payments,
    plans: deps.plans,
    validateCart: cartValidator,
    checkRange: deps.checkRange,
    runTimerSoon: (id) => {
      void worker?.runTimer(id).catch((err: unknown) => log.error({ err }, 'running an order timer failed'));
    },
  });
  worker = createOrderWorker({ core, orders, pollMs: config.JOB_POLL_MS });
  registerOrderPaymentHooks(core, deps.payments, deps.plans);
  return { orders, orderWorker: worker };
}

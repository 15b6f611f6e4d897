import { type ErrorCode, LOCKER_RULES } from '@petti/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createEventOutbox } from '../../platform/events/outbox.ts';
import { createJobWorker, createTransactor, type JobWorker } from '../../platform/jobs/worker.ts';
import { createLockerDevices } from '../lockers/devices.ts';
import { createLockerSitesService } from '../lockers/sites.ts';
import { createNotificationsService } from '../notifications/service.ts';
import { GrantRefused, type PaymentsService } from '../payments/service.ts';
import type { createPlansService } from '../plans/service.ts';
import { createBookingCore } from './core.ts';
import { toBookingDtos } from './dto.ts';
import { registerBookingPaymentHooks } from './payment-hooks.ts';
import type { LockerPlanSource, PaymentsPort } from './ports.ts';
import { bookings as bookingsTable } from './schema.ts';
import { createBookingsService } from './service.ts';
import { bookingLeasedHandlers, bookingTimerHandlers } from './timers.ts';

type PlansService = ReturnType<typeof createPlansService>;

/** Adapts the payments feature (issue 4) to what bookings need. */
export function paymentsPort(payments: PaymentsService): PaymentsPort {
  return {
    createPayment: (tx, input) =>
      payments.createPayment(tx, { ...input, taxPercent: LOCKER_RULES.gstPercent }),
    onCaptured: (purpose, handler) => payments.onCaptured(purpose, (tx, row) => handler(tx, row)),
    onFailed: (purpose, handler) => payments.onFailed(purpose, (tx, row) => handler(tx, row)),
    onRefunded: (purpose, handler) => payments.onRefunded(purpose, (tx, row) => handler(tx, row)),
    refund: (paymentId, options) => payments.refund(paymentId, options),
    refuseGrant: (code, message) => new GrantRefused(code as ErrorCode, message),
  };
}

/** Adapts the plans feature's subscriptions (Locker Lite / Plus hours) to what bookings need. */
export function planSource(plans: PlansService): LockerPlanSource {
  return {
    async activeLockerPlan(tx, userId, at) {
      const found = await plans.activeFor(tx, userId, 'locker', at);
      if (!found) return null;
      return {
        subscriptionId: found.subscription.id,
        planId: found.plan.id,
        hoursLeft: found.subscription.lockerHoursLeft ?? 0,
        sizes: found.plan.sizes,
        waitlistPriority: found.plan.waitlistPriority,
      };
    },
    useHours: (tx, subscriptionId, hours) => plans.useLockerHours(tx, subscriptionId, hours),
    releaseHours: (tx, subscriptionId, hours) => plans.releaseLockerHours(tx, subscriptionId, hours),
  };
}

/**
 * Lockers, bookings, notifications and the timer worker they run on (issue 5). The worker is
 * built here but started by bootstrap.ts (tests drive `jobs.runDueJobs()` with their clock).
 */
export function createLockerFeature(
  ctx: AppContext,
  log: Logger,
  deps: { payments: PaymentsService | null; plans: PlansService | null },
) {
  const { config, clock, realtime } = ctx;
  const db = ctx.database.db;
  const outbox = createEventOutbox({ db, realtime, clock, log });
  const transactor = createTransactor(db, outbox, log);
  const notifications = createNotificationsService({ db, clock });
  const port = deps.payments ? paymentsPort(deps.payments) : null;
  const core = createBookingCore({
    db,
    clock,
    log,
    config,
    transactor,
    outbox,
    notifications,
    payments: () => port,
    plans: deps.plans
      ? planSource(deps.plans)
      : { activeLockerPlan: async () => null, useHours: async () => false, releaseHours: async () => {} },
  });
  let jobs: JobWorker | null = null;
  const bookings = createBookingsService(core, {
    runTimerSoon: (id) => {
      void jobs?.runTimer(id).catch((err: unknown) => log.error({ err }, 'running a timer at once failed'));
    },
  });
  const lockerDevices = createLockerDevices(core);
  jobs = createJobWorker({
    db,
    clock,
    log,
    outbox,
    transactor,
    pollMs: config.JOB_POLL_MS,
    handlers: { ...bookingTimerHandlers(core), ...lockerDevices.timerHandlers },
    leased: bookingLeasedHandlers(core),
  });
  if (port && deps.payments) {
    registerBookingPaymentHooks(core, port);
    // `granted` in the payment confirmation: the booking as it now is.
    for (const purpose of ['booking', 'extension', 'overstay'] as const) {
      deps.payments.describe(purpose, async (q, payment) => {
        const [row] = await q.select().from(bookingsTable).where(eq(bookingsTable.id, payment.subjectId));
        if (!row) return null;
        const [dto] = await toBookingDtos(q, [row], clock.now());
        return dto ? { booking: dto } : null;
      });
    }
  }
  const lockerSites = createLockerSitesService({ db, clock, offlineSeconds: config.LOCKER_OFFLINE_SECONDS });
  return { bookings, bookingCore: core, lockerDevices, lockerSites, notifications, jobs, outbox };
}

import { type ErrorCode, LOCKER_RULES } from '@petti/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { EventOutbox } from '../../platform/events/outbox.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import type { FlowRunner } from '../../platform/flows/runner.ts';
import type { JobWorker } from '../../platform/jobs/worker.ts';
import {
  createDoorCommands,
  createLockerDevices,
  createLockerSitesService,
  createPinBoard,
} from '../lockers/index.ts';

import type { NotificationsService } from '../notifications/index.ts';
import { GrantRefused, type PaymentsService } from '../payments/index.ts';
import type { createPlansService } from '../plans/index.ts';
import { createBookingCore } from './core.ts';
import { registerDeviceHandlers } from './device-handlers.ts';
import { createBookingFlows } from './flows/index.ts';
import { earliestSlot } from './offers.ts';
import { createParcelLockers } from './parcels.ts';
import { registerBookingPaymentHooks } from './payment-hooks.ts';
import type { LockerPlanSource, PaymentsPort } from './ports.ts';
import { freeCounts, freeLockers } from './repo.ts';
import { bookings as bookingsTable } from './schema.ts';
import { createBookingsService } from './service.ts';
import { bookingLeasedHandlers, bookingTimerHandlers } from './timers.ts';
import { toBookings } from './views.ts';

type PlansService = ReturnType<typeof createPlansService>;

/** Adapts the payments feature (docs/payments.md) to what bookings need. */
export function paymentsPort(payments: PaymentsService): PaymentsPort {
  return {
    draft: (input) => payments.draft({ ...input, taxPercent: LOCKER_RULES.gstPercent }),
    openProviderOrder: payments.openProviderOrder,
    record: (tx, draft, opened) => payments.record(tx, draft, opened),
    onCaptured: (purpose, handler) => payments.onCaptured(purpose, handler),
    onFailed: (purpose, handler) => payments.onFailed(purpose, handler),
    onRefunded: (purpose, handler) => payments.onRefunded(purpose, (fx, row) => handler(fx, row)),
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
 * Lockers, bookings, notifications and the timer worker they run on (docs/lockers.md). The worker is
 * built here but started by bootstrap.ts (tests drive `jobs.runDueJobs()` with their clock).
 */
export function createLockerFeature(
  ctx: AppContext,
  log: Logger,
  deps: {
    payments: PaymentsService;
    plans: PlansService | null;
    outbox: EventOutbox;
    transactor: Transactor;
    notifications: NotificationsService;
    jobs: JobWorker;
    flows: FlowRunner;
  },
) {
  const { config, clock } = ctx;
  const db = ctx.database.db;
  const { outbox, transactor, notifications, jobs } = deps;
  const port = paymentsPort(deps.payments);
  // Waits for the timer: the request that scheduled it answers with what it did.
  const runTimerSoon = async (id: string) => {
    await jobs.runTimer(id).catch((err: unknown) => log.error({ err }, 'running a timer at once failed'));
  };
  const pins = createPinBoard({ clock, outbox, deviceKey: config.DEVICE_KEY });
  const core = createBookingCore({
    db,
    clock,
    log,
    config,
    transactor,
    outbox,
    notifications,
    payments: () => port,
    runTimerSoon,
    doors: createDoorCommands({ clock, outbox }),
    pins,
    plans: deps.plans
      ? planSource(deps.plans)
      : { activeLockerPlan: async () => null, useHours: async () => false, releaseHours: async () => {} },
  });
  const flows = createBookingFlows(deps.flows, core, port, runTimerSoon);
  const bookings = createBookingsService(core, flows);
  const lockerDevices = createLockerDevices({
    db,
    clock,
    log,
    config,
    transactor,
    outbox,
    doors: core.deps.doors,
    pins,
  });
  registerDeviceHandlers(lockerDevices, core, {
    payOverstay: async (bookingId) => {
      await flows.payOverstay
        .run({ bookingId, sessionId: null })
        .catch((err: unknown) => log.error({ err, bookingId }, 'opening an overstay payment failed'));
    },
  });
  jobs.register({
    handlers: { ...bookingTimerHandlers(core), ...lockerDevices.timerHandlers },
    leased: bookingLeasedHandlers(core, flows),
  });
  registerBookingPaymentHooks(core, port);
  // `granted` in the payment confirmation: the booking as it now is.
  for (const purpose of ['booking', 'extension', 'overstay'] as const) {
    deps.payments.describe(purpose, async (q, payment) => {
      const [row] = await q.select().from(bookingsTable).where(eq(bookingsTable.id, payment.subjectId));
      if (!row) return null;
      const [dto] = await toBookings(q, [row], clock.now());
      return dto ? { booking: dto } : null;
    });
  }
  const lockerSites = createLockerSitesService({
    db,
    clock,
    offlineSeconds: config.LOCKER_OFFLINE_SECONDS,
    occupancy: { freeCounts, freeLockers, earliestSlot },
  });
  return {
    bookings,
    bookingCore: core,
    bookingFlows: flows,
    parcels: createParcelLockers(core),
    lockerDevices,
    lockerSites,
    /** Opening a door from afar: the booking's holder (through bookings) or an operator (ops routes). */
    doors: core.deps.doors,
  };
}

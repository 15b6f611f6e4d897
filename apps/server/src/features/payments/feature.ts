import type { FastifyBaseLogger as Logger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import type { UserEvents } from '../../platform/events/user-events.ts';
import type { FlowRunner } from '../../platform/flows/runner.ts';
import type { JobWorker } from '../../platform/jobs/worker.ts';
import { createRazorpayProvider } from '../../platform/payments/razorpay.ts';
import { createRazorpayRoute } from '../../platform/payments/razorpay-route.ts';
import { createRazorpaySubscriptions } from '../../platform/payments/razorpay-subscriptions.ts';
import type { RouteProvider } from '../../platform/payments/route-provider.ts';
import type { SubscriptionProvider } from '../../platform/payments/subscription-provider.ts';
import { createTestpayProvider } from '../../platform/payments/testpay/provider.ts';
import { createTestpayRoute } from '../../platform/payments/testpay/route.ts';
import { createTestpaySubscriptions } from '../../platform/payments/testpay/subscriptions.ts';
import { createTestpayWebhooks } from '../../platform/payments/testpay/webhooks.ts';
import type { MoneyChecks } from '../money/index.ts';
import { createPlansService, type PlansDeps } from '../plans/index.ts';
import type { NotificationSink } from './core.ts';
import { PAYMENT_RECONCILE_EVERY_MS } from './reconcile.ts';
import { createPaymentsService } from './service.ts';

/**
 * Payments and plans with the provider the config chose: Razorpay when its keys are set, else
 * the embedded testpay (never in production unless TESTPAY_IN_PRODUCTION; config.ts checks).
 */
export function createPaymentFeature(
  ctx: AppContext,
  log: Logger,
  deps: {
    moneyChecks: PlansDeps['checks'] & Pick<MoneyChecks, 'reconciler'>;
    transactor: Transactor;
    userEvents: UserEvents;
    notifications: NotificationSink;
    jobs: JobWorker;
    flows: FlowRunner;
  },
) {
  const { config, clock } = ctx;
  const { transactor, userEvents, notifications } = deps;
  const db = ctx.database.db;
  const testpay =
    config.PAYMENT_PROVIDER === 'testpay'
      ? createTestpayProvider({
          db,
          clock,
          keyId: config.TESTPAY_KEY_ID,
          keySecret: config.TESTPAY_KEY_SECRET,
        })
      : null;
  const razorpay =
    config.PAYMENT_PROVIDER === 'razorpay'
      ? createRazorpayProvider({
          keyId: config.RAZORPAY_KEY_ID!,
          keySecret: config.RAZORPAY_KEY_SECRET!,
          webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
        })
      : null;
  // Shops are paid through the same provider's Route (docs/shops.md#settlement).
  const testpayRoute = testpay
    ? createTestpayRoute({ db, clock, keySecret: config.TESTPAY_KEY_SECRET })
    : null;
  const route: RouteProvider =
    testpayRoute ??
    createRazorpayRoute({
      keyId: config.RAZORPAY_KEY_ID!,
      keySecret: config.RAZORPAY_KEY_SECRET!,
    });
  // Plans renew themselves through the same provider's Subscriptions (docs/payments.md#automatic-renewal).
  const testpaySubscriptions = testpay
    ? createTestpaySubscriptions({ db, clock, keySecret: config.TESTPAY_KEY_SECRET })
    : null;
  const recurring: SubscriptionProvider =
    testpaySubscriptions ??
    createRazorpaySubscriptions({
      keyId: config.RAZORPAY_KEY_ID!,
      keySecret: config.RAZORPAY_KEY_SECRET!,
      planIds: config.RAZORPAY_PLAN_IDS,
    });
  const testpayWebhooks = testpay
    ? createTestpayWebhooks({ db, clock, provider: testpay, route: testpayRoute ?? undefined, log })
    : null;
  const payments = createPaymentsService({
    db,
    clock,
    transactor,
    userEvents,
    log,
    flows: deps.flows,
    jobs: deps.jobs,
    current: config.PAYMENT_PROVIDER,
    providers: { ...(testpay && { testpay }), ...(razorpay && { razorpay }) },
    notifications,
    issuer: config.ISSUER,
  });
  const plans = createPlansService({
    db,
    clock,
    changes: ctx.database.changes,
    payments,
    notifications,
    userEvents,
    log,
    flows: deps.flows,
    recurring,
    checks: deps.moneyChecks,
  });
  // Payments and refunds against the provider's records (docs/payments.md#reconciliation).
  const reconcilePayments = payments.reconciliation((q, f) => deps.moneyChecks.hold(q, f));
  deps.moneyChecks.reconciler('payments', reconcilePayments);
  deps.jobs.register({
    periodic: {
      name: 'payments reconciliation',
      everyMs: PAYMENT_RECONCILE_EVERY_MS,
      run: async () => {
        const done = await reconcilePayments();
        if (done.repaired.length) log.warn({ repaired: done.repaired }, 'reconciliation repaired payments');
        return done.repaired.length + done.held;
      },
    },
  });
  // Renewal reminders are days ahead: every 10 minutes is plenty.
  deps.jobs.register({
    periodic: { name: 'plan renewal reminders', everyMs: 10 * 60_000, run: () => plans.runDue() },
  });
  if (testpayWebhooks) {
    deps.jobs.register({
      periodic: { name: 'testpay webhooks', everyMs: 60_000, run: () => testpayWebhooks.runDue() },
    });
  }
  if (testpaySubscriptions) {
    // Razorpay's scheduler, played: charges fall due by the clock (or the demo's "charge now").
    deps.jobs.register({
      periodic: {
        name: 'testpay subscription charges',
        everyMs: 60_000,
        run: async () => {
          const tried = await testpaySubscriptions.chargeDue();
          if (tried) testpayWebhooks?.kick();
          return tried;
        },
      },
    });
  }
  if (testpayRoute) {
    // testpay's settlement cycle: transfers older than TESTPAY_SETTLEMENT_MINUTES go to the banks.
    deps.jobs.register({
      periodic: {
        name: 'testpay settlements',
        everyMs: 60_000,
        run: async () => {
          const made = await testpayRoute.settleDue(
            new Date(clock.now().getTime() - config.TESTPAY_SETTLEMENT_MINUTES * 60_000),
          );
          if (made) testpayWebhooks?.kick();
          return made;
        },
      },
    });
  }
  return { payments, plans, testpay, testpayWebhooks, testpayRoute, testpaySubscriptions, route };
}

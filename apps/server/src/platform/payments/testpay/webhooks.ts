import { asc, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../clock.ts';
import type { TestpayProvider } from './provider.ts';
import type { TestpayRoute } from './route.ts';
import { testpayEvents } from './route-schema.ts';
import { testpayPayments } from './schema.ts';

/** Posts one webhook to Petti's own endpoint and answers the HTTP status. */
export type WebhookDeliver = (body: string, headers: Record<string, string>) => Promise<number>;

/** Seconds to wait after the n-th failed attempt; after the last one testpay gives up, as Razorpay does (later). */
const RETRY_AFTER_SECONDS = [10, 60, 300, 1800];
const MAX_ATTEMPTS = RETRY_AFTER_SECONDS.length + 1;

/**
 * testpay's webhook sender. Due deliveries are rows (`webhook_next_at`), claimed with
 * FOR UPDATE SKIP LOCKED, so they survive a restart and go out once across several processes.
 * `kick()` sends at once after a checkout; the periodic job picks up retries.
 */
export function createTestpayWebhooks(deps: {
  db: Db;
  clock: Clock;
  provider: TestpayProvider;
  /** Route's events (transfers, settlements) go out the same way. */
  route?: TestpayRoute;
  log: Logger;
}) {
  const { db, clock, provider, route, log } = deps;
  let deliver: WebhookDeliver | null = null;
  let closed = false;
  const inflight = new Set<Promise<unknown>>();

  /** Whether Petti took it (2xx); a refusal or a failure is logged and retried. */
  async function send(hook: { body: string; signature: string; eventId: string }, what: string) {
    try {
      const status = await deliver!(hook.body, {
        'content-type': 'application/json',
        'x-razorpay-signature': hook.signature,
        'x-razorpay-event-id': hook.eventId,
      });
      if (status >= 200 && status < 300) return true;
      log.warn({ what, status }, 'testpay webhook refused; will retry');
    } catch (err) {
      log.warn({ err, what }, 'testpay webhook could not be delivered; will retry');
    }
    return false;
  }

  const nextTry = (now: Date, attempts: number) => {
    const wait = RETRY_AFTER_SECONDS[attempts - 1];
    return attempts >= MAX_ATTEMPTS || wait === undefined ? null : new Date(now.getTime() + wait * 1000);
  };

  async function runRouteDue(): Promise<number> {
    if (!deliver || closed || !route) return 0;
    const now = clock.now();
    const claimed = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(testpayEvents)
        .where(lte(testpayEvents.nextAt, now))
        .orderBy(asc(testpayEvents.nextAt))
        .limit(20)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        const attempts = row.attempts + 1;
        await tx
          .update(testpayEvents)
          .set({ attempts, nextAt: nextTry(now, attempts) })
          .where(eq(testpayEvents.id, row.id));
      }
      return rows;
    });
    for (const row of claimed) {
      if (await send(route.signed(row), row.id)) {
        await db
          .update(testpayEvents)
          .set({ deliveredAt: clock.now(), nextAt: null })
          .where(eq(testpayEvents.id, row.id));
      }
    }
    return claimed.length;
  }

  async function runDue(): Promise<number> {
    return (await runPaymentsDue()) + (await runRouteDue());
  }

  async function runPaymentsDue(): Promise<number> {
    if (!deliver || closed) return 0;
    const now = clock.now();
    const claimed = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(testpayPayments)
        .where(lte(testpayPayments.webhookNextAt, now))
        .orderBy(asc(testpayPayments.webhookNextAt))
        .limit(20)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        const attempts = row.webhookAttempts + 1;
        await tx
          .update(testpayPayments)
          .set({ webhookAttempts: attempts, webhookNextAt: nextTry(now, attempts) })
          .where(eq(testpayPayments.id, row.id));
      }
      return rows;
    });
    for (const row of claimed) {
      if (await send(provider.webhookFor(row), row.id)) {
        await db
          .update(testpayPayments)
          .set({ webhookDeliveredAt: clock.now(), webhookNextAt: null })
          .where(eq(testpayPayments.id, row.id));
      }
    }
    return claimed.length;
  }

  function track<T>(p: Promise<T>): void {
    const tracked = p.catch((err: unknown) => log.error({ err }, 'testpay webhook run failed'));
    inflight.add(tracked);
    void tracked.finally(() => inflight.delete(tracked));
  }

  return {
    /** Wired by the app once it exists: posts to its own /api/payments/webhook/testpay. */
    setDeliver(fn: WebhookDeliver) {
      deliver = fn;
    },
    /** Send what is due now, in the background (after a checkout). */
    kick() {
      if (!closed) track(runDue());
    },
    runDue,
    /** Waits until background deliveries have finished (tests, shutdown). */
    async flush() {
      while (inflight.size) await Promise.all([...inflight]);
    },
    async close() {
      closed = true;
      while (inflight.size) await Promise.all([...inflight]);
    },
  };
}

export type TestpayWebhooks = ReturnType<typeof createTestpayWebhooks>;

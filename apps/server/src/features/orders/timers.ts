import { and, asc, eq, lte } from 'drizzle-orm';
import type { OrderCore } from './core.ts';
import { type OrderTimerRow, orderTimers } from './schema.ts';
import type { OrdersService } from './service.ts';

const LEASE_MS = 5 * 60_000;

export interface OrderWorker {
  /** Fires every order timer due by the clock's now and collects opened parcels (tests call it). */
  runDue(options?: { limit?: number }): Promise<number>;
  /** Fires one timer now if it is due (a refund right after the cancel committed). */
  runTimer(id: string): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Orders' timers (schema.ts `order_timers`): taken with FOR UPDATE SKIP LOCKED so each fires once
 * across processes. A payment hold and a parcel's pickup window run in the transaction that holds the row; a refund calls the
 * provider, so its row is leased (pushed on 5 min) while it runs and deleted after — a crash runs it
 * again, which is harmless (nothing left to refund).
 */
export function createOrderWorker(deps: {
  core: OrderCore;
  orders: OrdersService;
  pollMs: number;
}): OrderWorker {
  const { core, orders, pollMs } = deps;
  const { db, clock, log, transactor, outbox } = core.deps;

  async function recordFailure(t: OrderTimerRow, err: unknown) {
    const attempts = t.attempts + 1;
    log.error({ err, kind: t.kind, orderId: t.orderId, attempts }, 'order timer failed; retrying later');
    await db
      .update(orderTimers)
      .set({
        attempts,
        lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        dueAt: new Date(clock.now().getTime() + Math.min(600_000, 5000 * 2 ** Math.min(attempts, 10))),
      })
      .where(eq(orderTimers.id, t.id))
      .catch(() => {});
  }

  async function fireOne(onlyId?: string): Promise<OrderTimerRow | null> {
    let taken: OrderTimerRow | null = null;
    let lease: OrderTimerRow | null = null;
    try {
      await transactor.run(async (tx, fx) => {
        const now = clock.now();
        const due = lte(orderTimers.dueAt, now);
        const [t] = await tx
          .select()
          .from(orderTimers)
          .where(onlyId ? and(eq(orderTimers.id, onlyId), due) : due)
          .orderBy(asc(orderTimers.dueAt), asc(orderTimers.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!t) return;
        taken = t;
        if (t.kind === 'refund') {
          await tx
            .update(orderTimers)
            .set({ dueAt: new Date(now.getTime() + LEASE_MS), attempts: t.attempts + 1 })
            .where(eq(orderTimers.id, t.id));
          lease = t;
          return;
        }
        if (t.kind === 'payment-hold') await orders.expireHold(fx, t.orderId);
        else if (t.kind === 'parcel-pickup') await orders.parcelPickupEnded(fx, t.orderId);
        await tx.delete(orderTimers).where(eq(orderTimers.id, t.id));
      });
    } catch (err) {
      if (!taken) throw err;
      await recordFailure(taken, err);
      return taken;
    }
    if (lease) {
      const t: OrderTimerRow = lease;
      try {
        await orders.refundOrder(t.orderId);
        await db.delete(orderTimers).where(eq(orderTimers.id, t.id));
      } catch (err) {
        await recordFailure(t, err);
      }
    }
    return taken;
  }

  async function runDue(limit: number): Promise<number> {
    let fired = 0;
    const seen = new Set<string>();
    while (fired < limit) {
      const t = await fireOne();
      if (!t || seen.has(t.id)) break;
      seen.add(t.id);
      fired += 1;
    }
    fired += await orders.collectOpenedParcels();
    await outbox.flush();
    return fired;
  }

  let interval: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  return {
    runDue: (options = {}) => runDue(options.limit ?? 1000),
    async runTimer(id) {
      await fireOne(id);
    },
    start() {
      if (interval) return;
      interval = setInterval(() => {
        if (running) return;
        running = runDue(500)
          .catch((err: unknown) => {
            log.error({ err }, 'order timer poll failed');
            return 0;
          })
          .finally(() => {
            running = null;
          });
      }, pollMs);
      interval.unref();
    },
    async stop() {
      if (interval) clearInterval(interval);
      interval = null;
      await running;
    },
  };
}

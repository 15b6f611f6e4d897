import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { isPoolWaitTimeout } from '../../db/errors.ts';
import { asSet, type Params, prepared } from '../../db/prepared.ts';
import type { Clock } from '../clock.ts';
import type { EventOutbox } from '../events/outbox.ts';
import type { Effects, Transactor } from '../events/transactor.ts';
import { newId } from '../ids.ts';
import { type TimerRow, timers } from './schema.ts';

export interface TimerInput {
  kind: string;
  dueAt: Date;
  key?: string;
  bookingId?: string;
  siteId?: string;
  lockerId?: string;
  data?: Record<string, unknown>;
}

type NewTimer = Required<
  Pick<
    typeof timers.$inferInsert,
    'id' | 'kind' | 'dueAt' | 'key' | 'bookingId' | 'siteId' | 'lockerId' | 'data' | 'createdAt'
  >
>;

/** In an upsert: the existing row is held by a leased run that has not run out. */
const leasedNow = sql<boolean>`coalesce(${timers.leasedUntil} > excluded.created_at, false)`;

// Orders and bookings each schedule timers: built once (db/prepared.ts).
const timerValues = (v: Params<NewTimer>) => ({
  id: v.id,
  kind: v.kind,
  dueAt: v.dueAt,
  key: v.key,
  bookingId: v.bookingId,
  siteId: v.siteId,
  lockerId: v.lockerId,
  data: v.data,
  createdAt: v.createdAt,
});
const insertTimer = prepared((q, v: Params<NewTimer>) =>
  q.insert(timers).values(timerValues(v)).returning({ id: timers.id }),
);
const upsertTimer = prepared((q, v: Params<NewTimer>) =>
  q
    .insert(timers)
    .values(timerValues(v))
    .onConflictDoUpdate({
      target: timers.key,
      // A timer whose leased run is going on keeps its lease (never a second run beside the first)
      // and is marked re-armed: the run's end makes it due again.
      set: {
        dueAt: sql`case when ${leasedNow} then ${timers.dueAt} else excluded.due_at end`,
        attempts: sql`case when ${leasedNow} then ${timers.attempts} else 0 end`,
        rearmed: leasedNow,
        data: asSet(v.data),
        deadAt: null,
        lastError: null,
      },
    })
    .returning({ id: timers.id }),
);

/** Adds a timer (answering its id); with a key, moves the existing one with that key instead. */
export async function schedule(tx: DbOrTx, clock: Clock, input: TimerInput): Promise<string> {
  const [row] = await scheduling(tx, clock, input);
  return row!.id;
}

/**
 * `schedule`'s one statement, asked for at once and not waited for: for a transaction to send with
 * its commit (platform/events/effects.ts). Answers the row as stored (a keyed timer's existing id).
 */
export function scheduling(tx: DbOrTx, clock: Clock, input: TimerInput) {
  const values = {
    id: newId(),
    kind: input.kind,
    dueAt: input.dueAt,
    key: input.key ?? null,
    bookingId: input.bookingId ?? null,
    siteId: input.siteId ?? null,
    lockerId: input.lockerId ?? null,
    data: input.data ?? {},
    createdAt: clock.now(),
  };
  return (input.key ? upsertTimer : insertTimer)(tx, values);
}

/**
 * Lock order: a transaction that touches an existing timer row (a keyed upsert or this delete) does
 * so before any other lock, as the worker does (timer row first, then what its handler needs), so
 * the two can never wait on each other. Unkeyed timers are never deleted by requests: their handlers
 * check that what they were set for still holds, so a stale one does nothing.
 */
export async function cancelTimerByKey(tx: DbOrTx, key: string): Promise<void> {
  await tx.delete(timers).where(eq(timers.key, key));
}

/** Drops every timer set for a booking: its flow undid the booking before anyone saw it. */
export async function cancelBookingTimers(tx: DbOrTx, bookingId: string): Promise<void> {
  await tx.delete(timers).where(eq(timers.bookingId, bookingId));
}

/** Runs inside the transaction that holds the timer's row lock; the row is deleted in it too. */
export type TimerHandler = (tx: Tx, timer: TimerRow, fx: Effects) => Promise<void>;
/**
 * Runs outside any transaction (it calls a remote service, e.g. a refund). The row is leased while
 * it runs and deleted after; a crash mid-way runs it again after the lease, so it must be safe to repeat.
 */
export type LeasedHandler = (timer: TimerRow) => Promise<void>;

export interface JobWorker {
  /**
   * Adds a feature's timer kinds (and work swept on every pass, such as noticing parcels taken out).
   * Every process registers the same kinds before `start`, since a kind with no handler is dropped.
   */
  register(more: {
    handlers?: Record<string, TimerHandler>;
    leased?: Record<string, LeasedHandler>;
    sweep?: () => Promise<number>;
    /**
     * Work run every `everyMs` by the clock (renewal reminders, webhook retries). Each process runs
     * it, so it must claim its rows (SKIP LOCKED) to be safe in several processes at once.
     */
    periodic?: { name: string; everyMs: number; run: () => Promise<number> };
  }): void;
  /**
   * Fires every timer due by the clock's now, one transaction each, runs the sweeps, then publishes
   * waiting events. Answers how many timers fired and things the sweeps did.
   */
  runDueJobs(options?: { limit?: number }): Promise<number>;
  /** Fires one timer now if it is due (used right after a commit that scheduled it). */
  runTimer(id: string): Promise<boolean>;
  /** Timers set aside after failing too often, oldest first (the ops API lists them). */
  dead(): Promise<TimerRow[]>;
  /** Puts a dead timer back, due now with its attempts reset; null when there is no such dead timer. */
  retry(id: string): Promise<TimerRow | null>;
  start(): void;
  stop(): Promise<void>;
}

const LEASE_MS = 5 * 60_000;

export function createJobWorker(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  outbox: EventOutbox;
  transactor: Transactor;
  pollMs: number;
  /** Failures before a timer is set aside (dead) for the ops API; default 8 (about 20 minutes of retries). */
  maxAttempts?: number;
  handlers?: Record<string, TimerHandler>;
  leased?: Record<string, LeasedHandler>;
}): JobWorker {
  const { db, clock, log, outbox, transactor } = deps;
  const maxAttempts = deps.maxAttempts ?? 8;
  const handlers: Record<string, TimerHandler> = { ...deps.handlers };
  const leased: Record<string, LeasedHandler> = { ...deps.leased };
  const sweeps: Array<() => Promise<number>> = [];
  const periodic: Array<{ name: string; everyMs: number; run: () => Promise<number>; lastAt: number }> = [];

  /**
   * A pass that found the database too busy to give it a connection (docs/deploy.md#overload) is a
   * warning: the next pass tries again, nothing is broken. Anything else is an error.
   */
  function failed(err: unknown, fields: Record<string, unknown>, message: string): void {
    if (isPoolWaitTimeout(err)) log.warn({ ...fields, err }, `${message} (the database was busy)`);
    else log.error({ ...fields, err }, message);
  }

  /**
   * Ends a leased run: re-armed meanwhile, the timer is due again now (attempts afresh); else it is
   * deleted, or on failure pushed back. Nothing is done when the lease ran out and another run took it.
   */
  async function endLease(held: TimerRow, err?: unknown): Promise<void> {
    const again = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(timers)
        .where(and(eq(timers.id, held.id), eq(timers.leasedUntil, held.leasedUntil!)))
        .for('update');
      if (!row) return false;
      if (row.rearmed) {
        await tx
          .update(timers)
          .set({ dueAt: clock.now(), attempts: 0, leasedUntil: null, rearmed: false })
          .where(eq(timers.id, row.id));
        return false;
      }
      if (err === undefined) {
        await tx.delete(timers).where(eq(timers.id, row.id));
        return false;
      }
      return true;
    });
    if (again)
      await recordFailure(
        held,
        err,
        and(eq(timers.id, held.id), eq(timers.leasedUntil, held.leasedUntil!)),
        true,
      );
  }

  /** `counted`: a leased run's attempt was counted when it was taken. */
  async function recordFailure(
    timer: TimerRow,
    err: unknown,
    where = eq(timers.id, timer.id),
    counted = false,
  ) {
    const attempts = counted ? timer.attempts : timer.attempts + 1;
    const backoffMs = Math.min(600_000, 5000 * 2 ** Math.min(attempts, 10));
    const givesUp = attempts >= maxAttempts;
    log.error(
      { err, kind: timer.kind, timerId: timer.id, attempts },
      givesUp ? 'timer failed too often; set aside for the ops API' : 'timer failed; retrying later',
    );
    await db
      .update(timers)
      .set({
        attempts,
        lastError: err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500),
        dueAt: new Date(clock.now().getTime() + backoffMs),
        deadAt: givesUp ? clock.now() : null,
        leasedUntil: null,
      })
      .where(where)
      .catch((e: unknown) => log.error({ err: e }, 'recording a timer failure failed'));
  }

  /** Takes one due timer (or the given one) and fires it. Null when there was none to take. */
  async function fireOne(onlyId?: string): Promise<TimerRow | null> {
    let taken: TimerRow | null = null;
    // The timer as it was taken (what its handler sees) and the row as the lease left it.
    let lease: { timer: TimerRow; held: TimerRow } | null = null;
    try {
      await transactor.run(async (tx, fx) => {
        const now = clock.now();
        const [timer] = await tx
          .select()
          .from(timers)
          .where(
            and(
              onlyId ? eq(timers.id, onlyId) : undefined,
              lte(timers.dueAt, now),
              // Set aside after too many failures: only an operator's retry brings it back.
              isNull(timers.deadAt),
            ),
          )
          .orderBy(asc(timers.dueAt), asc(timers.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!timer) return;
        taken = timer;
        const inTx = handlers[timer.kind];
        if (inTx) {
          await inTx(tx, timer, fx);
          // A handler may re-arm its own (keyed) timer by moving it; then the row stays.
          await tx.delete(timers).where(and(eq(timers.id, timer.id), eq(timers.dueAt, timer.dueAt)));
        } else if (leased[timer.kind]) {
          const leasedUntil = new Date(now.getTime() + LEASE_MS);
          await tx
            .update(timers)
            .set({ dueAt: leasedUntil, attempts: timer.attempts + 1, leasedUntil, rearmed: false })
            .where(eq(timers.id, timer.id));
          lease = {
            timer,
            held: { ...timer, dueAt: leasedUntil, attempts: timer.attempts + 1, leasedUntil },
          };
        } else {
          log.error({ kind: timer.kind }, 'no handler for this timer kind; dropping it');
          await tx.delete(timers).where(eq(timers.id, timer.id));
        }
      });
    } catch (err) {
      if (taken) await recordFailure(taken, err);
      else throw err;
      return taken;
    }
    if (lease) {
      const { timer, held }: { timer: TimerRow; held: TimerRow } = lease;
      let failure: unknown;
      try {
        await leased[timer.kind]!(timer);
      } catch (err) {
        failure = err ?? new Error('the timer failed');
      }
      // A commit during the run may have re-armed the timer: then it runs again, never lost.
      await endLease(held, failure).catch((e: unknown) =>
        log.error({ err: e }, 'ending a timer lease failed'),
      );
    }
    return taken;
  }

  let running: Promise<number> | null = null;
  let interval: NodeJS.Timeout | null = null;

  async function runDue(limit: number): Promise<number> {
    let fired = 0;
    const seen = new Set<string>();
    while (fired < limit) {
      const timer = await fireOne();
      if (!timer) break;
      // A timer that failed is pushed back; one seen twice in a run is not retried in a busy loop.
      if (seen.has(timer.id)) break;
      seen.add(timer.id);
      fired += 1;
    }
    for (const sweep of sweeps) {
      fired += await sweep().catch((err: unknown) => {
        failed(err, {}, 'a timer sweep failed; the next pass tries again');
        return 0;
      });
    }
    const now = clock.now().getTime();
    for (const task of periodic) {
      if (now - task.lastAt < task.everyMs) continue;
      task.lastAt = now;
      fired += await task.run().catch((err: unknown) => {
        failed(err, { task: task.name }, 'a periodic task failed; it runs again next time');
        return 0;
      });
    }
    await outbox.flush();
    return fired;
  }

  return {
    register(more) {
      for (const kind of [...Object.keys(more.handlers ?? {}), ...Object.keys(more.leased ?? {})]) {
        if (handlers[kind] || leased[kind]) throw new Error(`timer kind ${kind} is registered twice`);
      }
      Object.assign(handlers, more.handlers);
      Object.assign(leased, more.leased);
      if (more.sweep) sweeps.push(more.sweep);
      if (more.periodic) {
        if (periodic.some((p) => p.name === more.periodic!.name))
          throw new Error(`periodic task ${more.periodic.name} is registered twice`);
        periodic.push({ ...more.periodic, lastAt: Number.NEGATIVE_INFINITY });
      }
    },
    async dead() {
      return db.select().from(timers).where(isNotNull(timers.deadAt)).orderBy(asc(timers.deadAt)).limit(200);
    },
    async retry(id) {
      const [row] = await db
        .update(timers)
        .set({ deadAt: null, attempts: 0, dueAt: clock.now() })
        .where(and(eq(timers.id, id), isNotNull(timers.deadAt)))
        .returning();
      return row ?? null;
    },
    runDueJobs(options = {}) {
      return runDue(options.limit ?? 1000);
    },
    async runTimer(id) {
      return (await fireOne(id)) !== null;
    },
    start() {
      if (interval) return;
      interval = setInterval(() => {
        if (running) return;
        running = runDue(500)
          .catch((err: unknown) => {
            failed(err, {}, 'job poll failed');
            return 0;
          })
          .finally(() => {
            running = null;
          });
      }, deps.pollMs);
      interval.unref();
    },
    async stop() {
      if (interval) clearInterval(interval);
      interval = null;
      await running;
    },
  };
}

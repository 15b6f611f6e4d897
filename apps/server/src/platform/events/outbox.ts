import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { Clock } from '../clock.ts';
import type { Effects } from './effects.ts';
import { eventOutbox } from './schema.ts';

const CLAIM_MS = 30_000;
const BATCH = 200;

export interface EventOutbox {
  /**
   * Writes a message in the caller's transaction; it is published only once that commits (and,
   * inside a flow, once the whole flow has succeeded).
   */
  enqueue(fx: Effects, topic: string, payload: unknown): Promise<void>;
  /** A flow succeeded: its held messages may go (flush them after the commit). */
  release(tx: DbOrTx, flowRunId: string): Promise<number[]>;
  /** A flow was undone: its held messages never go. */
  discard(tx: DbOrTx, flowRunId: string): Promise<void>;
  /**
   * Publishes committed messages: the given ids (right after the commit that wrote them), or every
   * waiting one. Each is claimed first, so two processes never publish one together; a message whose
   * publisher died is taken again after 30 s. Delivery is at least once.
   */
  flush(ids?: number[]): Promise<number>;
}

export function createEventOutbox(deps: {
  db: Db;
  realtime: Realtime;
  clock: Clock;
  log: Logger;
}): EventOutbox {
  const { db, realtime, clock, log } = deps;

  async function claim(ids: number[] | undefined) {
    const now = clock.now();
    const free = and(
      isNull(eventOutbox.flowRunId),
      or(isNull(eventOutbox.claimedUntil), lt(eventOutbox.claimedUntil, now)),
    );
    const pick = db
      .select({ id: eventOutbox.id })
      .from(eventOutbox)
      .where(ids ? and(free, inArray(eventOutbox.id, ids)) : free)
      .orderBy(asc(eventOutbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(eventOutbox)
      .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
      .where(inArray(eventOutbox.id, pick))
      .returning();
  }

  return {
    async enqueue(fx, topic, payload) {
      const [row] = await fx.tx
        .insert(eventOutbox)
        .values({ topic, payload: payload as object, createdAt: clock.now(), flowRunId: fx.flowRunId })
        .returning({ id: eventOutbox.id });
      fx.eventIds.push(row!.id);
    },

    async release(tx, flowRunId) {
      const rows = await tx
        .update(eventOutbox)
        .set({ flowRunId: null })
        .where(eq(eventOutbox.flowRunId, flowRunId))
        .returning({ id: eventOutbox.id });
      return rows.map((r) => r.id);
    },

    async discard(tx, flowRunId) {
      await tx.delete(eventOutbox).where(eq(eventOutbox.flowRunId, flowRunId));
    },

    async flush(ids) {
      if (ids && ids.length === 0) return 0;
      let sent = 0;
      for (;;) {
        const rows = (await claim(ids)).sort((a, b) => a.id - b.id);
        if (rows.length === 0) return sent;
        const done: number[] = [];
        for (const row of rows) {
          try {
            await realtime.publish(row.topic, row.payload);
            done.push(row.id);
          } catch (err) {
            // Left claimed: taken again once the claim runs out.
            log.warn({ err, topic: row.topic }, 'publishing an event failed; it will be retried');
          }
        }
        if (done.length) await db.delete(eventOutbox).where(inArray(eventOutbox.id, done));
        sent += done.length;
        if (ids || rows.length < BATCH) return sent;
      }
    },
  };
}

/** Messages still waiting (for health and tests). */
export async function pendingEvents(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(eventOutbox);
  return row?.n ?? 0;
}

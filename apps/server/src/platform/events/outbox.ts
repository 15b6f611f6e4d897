import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type Params, prepared } from '../../db/prepared.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { Clock } from '../clock.ts';
import type { Effects, OutboxMessage } from './effects.ts';
import { eventOutbox } from './schema.ts';

const CLAIM_MS = 30_000;
const BATCH = 200;

type NewMessage = Required<
  Pick<typeof eventOutbox.$inferInsert, 'topic' | 'payload' | 'createdAt' | 'flowRunId' | 'claimedUntil'>
>;

// Every event is written and then deleted: built once (db/prepared.ts).
const insertMessage = prepared((q, v: Params<NewMessage>) =>
  q
    .insert(eventOutbox)
    .values({
      topic: v.topic,
      payload: v.payload,
      createdAt: v.createdAt,
      flowRunId: v.flowRunId,
      claimedUntil: v.claimedUntil,
    })
    .returning({ id: eventOutbox.id }),
);
const deleteMessages = prepared((q, v: Params<{ ids: number[] }>) =>
  q.delete(eventOutbox).where(sql`${eventOutbox.id} = any(${v.ids})`),
);

export interface EventOutbox {
  /**
   * Writes a message in the caller's transaction; it is published only once that commits (and,
   * inside a flow, once the whole flow has succeeded). It is written claimed by this process, which
   * publishes it after the commit (`flush(fx.events)`); nobody else takes it for 30 s. Sent with the
   * commit (`fx.send`): the transaction does not wait for it, and its id is known once it commits.
   */
  enqueue(fx: Effects, topic: string, payload: unknown): void;
  /** A flow succeeded: its held messages may go, claimed by this process (flush them after the commit). */
  release(tx: DbOrTx, flowRunId: string): Promise<OutboxMessage[]>;
  /** A flow was undone: its held messages never go. */
  discard(tx: DbOrTx, flowRunId: string): Promise<void>;
  /**
   * Publishes committed messages: the ones given (this process's own, right after the commit that
   * wrote or released them, claimed already), or every waiting one, each claimed first, so two
   * processes never publish one together. A message whose publisher died is taken again once its
   * claim has run out (30 s). Delivery is at least once.
   */
  flush(own?: readonly OutboxMessage[]): Promise<number>;
}

export function createEventOutbox(deps: {
  db: Db;
  realtime: Realtime;
  clock: Clock;
  log: Logger;
}): EventOutbox {
  const { db, realtime, clock, log } = deps;

  const claimEnd = (now: Date) => new Date(now.getTime() + CLAIM_MS);

  /** Waiting messages nobody holds, claimed for this process (a batch, oldest first). */
  async function claim(): Promise<OutboxMessage[]> {
    const now = clock.now();
    const pick = db
      .select({ id: eventOutbox.id })
      .from(eventOutbox)
      .where(
        and(
          isNull(eventOutbox.flowRunId),
          or(isNull(eventOutbox.claimedUntil), lt(eventOutbox.claimedUntil, now)),
        ),
      )
      .orderBy(asc(eventOutbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(eventOutbox)
      .set({ claimedUntil: claimEnd(now) })
      .where(inArray(eventOutbox.id, pick))
      .returning({ id: eventOutbox.id, topic: eventOutbox.topic, payload: eventOutbox.payload });
  }

  /** Publishes claimed messages in order and deletes those sent; a failed one waits out its claim. */
  async function publish(rows: readonly OutboxMessage[]): Promise<number> {
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
    if (done.length) await forget(done);
    return done.length;
  }

  // Sent messages waiting to be deleted. One statement deletes every message sent while the one
  // before it ran, so under load the deletes take fewer statements than the commits that wrote them
  // (docs/performance.md#orders). Each caller waits until its own are deleted.
  let sent: number[] = [];
  let deleting: Promise<void> | null = null;
  function forget(ids: readonly number[]): Promise<void> {
    sent.push(...ids);
    deleting ??= (async () => {
      try {
        while (sent.length) {
          const batch = sent;
          sent = [];
          await deleteMessages(db, { ids: batch });
        }
      } finally {
        deleting = null;
      }
    })();
    return deleting;
  }

  return {
    enqueue(fx, topic, payload) {
      const now = clock.now();
      const message: OutboxMessage = { id: 0, topic, payload };
      fx.events.push(message);
      // Claimed as it is written: the writer publishes it from memory after the commit, with no
      // claiming statement (docs/performance.md#orders). Held by a flow, it is claimed on release.
      fx.send(
        insertMessage(fx.tx, {
          topic,
          payload: payload as object,
          createdAt: now,
          flowRunId: fx.flowRunId,
          claimedUntil: fx.flowRunId ? null : claimEnd(now),
        }),
      ).then(
        ([row]) => {
          // Before the commit's own answer: every message has its id by the time anyone publishes it.
          message.id = row!.id;
        },
        // Its failure fails the transaction (Effects.send).
        () => undefined,
      );
    },

    async release(tx, flowRunId) {
      return tx
        .update(eventOutbox)
        .set({ flowRunId: null, claimedUntil: claimEnd(clock.now()) })
        .where(eq(eventOutbox.flowRunId, flowRunId))
        .returning({ id: eventOutbox.id, topic: eventOutbox.topic, payload: eventOutbox.payload });
    },

    async discard(tx, flowRunId) {
      await tx.delete(eventOutbox).where(eq(eventOutbox.flowRunId, flowRunId));
    },

    async flush(own) {
      if (own) return publish([...own].sort((a, b) => a.id - b.id));
      let sent = 0;
      for (;;) {
        const rows = await claim();
        sent += await publish(rows.sort((a, b) => a.id - b.id));
        if (rows.length < BATCH) return sent;
      }
    },
  };
}

/** Messages still waiting (for health and tests). */
export async function pendingEvents(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(eventOutbox);
  return row?.n ?? 0;
}

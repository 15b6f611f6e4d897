import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { type Params, prepared } from '../../db/prepared.ts';
import { openTestDatabase } from '../../test/helper.ts';
import type { EventOutbox } from './outbox.ts';
import { createTransactor, type Transactor } from './transactor.ts';

const marks = pgTable('transactor_test_marks', {
  id: integer('id').primaryKey(),
  note: text('note').notNull(),
  at: timestamp('at', { withTimezone: true }),
});

const insertMark = prepared((q, v: Params<{ id: number; note: string; at: Date | null }>) =>
  q.insert(marks).values({ id: v.id, note: v.note, at: v.at }).returning(),
);

const quiet = { warn() {}, error() {} } as unknown as FastifyBaseLogger;
// No events in these transactions: nothing to publish.
const noOutbox = { flush: async () => {} } as unknown as EventOutbox;

describe('a transaction’s statements sent with its commit', () => {
  let database: Database;
  let transactor: Transactor;
  const kept = async () =>
    (await database.db.select({ id: marks.id }).from(marks).orderBy(marks.id)).map((r) => r.id);

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(
      sql`create table transactor_test_marks (id integer primary key, note text not null, at timestamptz)`,
    );
    transactor = createTransactor(database.db, noOutbox, quiet);
  }, 60_000);
  afterAll(async () => {
    await database?.db.execute(sql`drop table if exists transactor_test_marks`);
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(marks);
  });

  it('commits them with the rest, and answers them after the commit', async () => {
    let answered = false;
    const sent = await transactor.run(async (tx, fx) => {
      const answer = fx.send(insertMark(tx, { id: 1, note: 'sent', at: null }));
      void answer.then(() => {
        answered = true;
      });
      await insertMark(tx, { id: 2, note: 'waited for', at: null });
      return answer;
    });
    expect(answered).toBe(true);
    expect(sent).toEqual([{ id: 1, note: 'sent', at: null }]);
    expect(await kept()).toEqual([1, 2]);
  });

  it('keeps nothing when PostgreSQL refuses one, throws its own error and runs no after-commit work', async () => {
    await insertMark(database.db, { id: 1, note: 'there before', at: null });
    let after = false;
    const run = transactor.run(async (tx, fx) => {
      await insertMark(tx, { id: 2, note: 'waited for', at: null });
      fx.send(insertMark(tx, { id: 1, note: 'taken', at: null }));
      fx.later(async () => {
        after = true;
      });
    });
    await expect(run).rejects.toSatisfy((err: unknown) => {
      let e = err as { code?: string; cause?: unknown } | undefined;
      while (e && e.code !== '23505') e = e.cause as typeof e;
      return Boolean(e);
    });
    expect(after).toBe(false);
    expect(await kept()).toEqual([1]);
  });

  it('keeps nothing when the driver cannot send one (a value it cannot encode)', async () => {
    const run = transactor.run(async (tx, fx) => {
      fx.send(insertMark(tx, { id: 1, note: 'bad date', at: new Date(Number.NaN) }));
      await insertMark(tx, { id: 2, note: 'waited for', at: null });
    });
    await expect(run).rejects.toBeInstanceOf(RangeError);
    expect(await kept()).toEqual([]);
  });

  it('takes only a prepared statement, so none can land after the commit', async () => {
    const run = transactor.run(async (tx, fx) => {
      fx.send(tx.insert(marks).values({ id: 3, note: 'built here' }).execute());
    });
    await expect(run).rejects.toThrow(/prepared statement/);
    expect(await kept()).toEqual([]);
  });
});

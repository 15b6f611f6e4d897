import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/helper.ts';
import type { Database } from './client.ts';
import { asSet, type Params, prepared } from './prepared.ts';

const things = pgTable('prepared_test_things', {
  id: text('id').primaryKey(),
  count: integer('count').notNull(),
  data: jsonb('data').$type<{ tags: string[] }>().notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  note: jsonb('note').$type<{ text: string }>(),
  doneAt: timestamp('done_at', { withTimezone: true }),
});

describe('prepared statements', () => {
  let database: Database;
  let builds = 0;

  const insertThing = prepared(
    (q, v: Params<{ id: string; count: number; data: { tags: string[] }; at: Date }>) => {
      builds += 1;
      return q.insert(things).values({ id: v.id, count: v.count, data: v.data, at: v.at }).returning();
    },
  );
  const noteThing = prepared(
    (q, v: Params<{ id: string; note: { text: string } | null; doneAt: Date | null; at: Date }>) =>
      q
        .insert(things)
        .values({ id: v.id, count: 0, data: { tags: [] }, at: v.at, note: v.note, doneAt: v.doneAt }),
  );
  const renote = prepared((q, v: Params<{ id: string; note: { text: string } | null }>) =>
    q
      .update(things)
      .set({ note: asSet(v.note) })
      .where(eq(things.id, v.id))
      .returning(),
  );
  const thingsFrom = prepared((q, v: Params<{ ids: string[] }>) =>
    q.select().from(things).where(sql`${things.id} = any(${v.ids})`).orderBy(things.id),
  );

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(
      sql`create table prepared_test_things (id text primary key, count integer not null, data jsonb not null, at timestamptz not null, note jsonb, done_at timestamptz)`,
    );
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('answers as the same query built anew would, columns mapped alike', async () => {
    const at = new Date('2026-11-26T10:00:00.000Z');
    const [inserted] = await insertThing(database.db, { id: 'a', count: 1, data: { tags: ['x'] }, at });
    expect(inserted).toEqual({ id: 'a', count: 1, data: { tags: ['x'] }, at, note: null, doneAt: null });
    await insertThing(database.db, { id: 'b', count: 2, data: { tags: [] }, at });
    const built = await database.db.select().from(things).where(eq(things.id, 'a'));
    expect(await thingsFrom(database.db, { ids: ['a'] })).toEqual(built);
    expect((await thingsFrom(database.db, { ids: ['b', 'a', 'c'] })).map((t) => t.id)).toEqual(['a', 'b']);
    expect(await thingsFrom(database.db, { ids: [] })).toEqual([]);
  });

  it('runs on the transaction’s own connection: rolled back with it, seen inside it', async () => {
    const at = new Date('2026-11-26T11:00:00.000Z');
    await expect(
      database.db.transaction(async (tx) => {
        await insertThing(tx, { id: 'rolled', count: 3, data: { tags: [] }, at });
        expect((await thingsFrom(tx, { ids: ['rolled'] })).map((t) => t.id)).toEqual(['rolled']);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await thingsFrom(database.db, { ids: ['rolled'] })).toEqual([]);

    await database.db.transaction(async (tx) => {
      await insertThing(tx, { id: 'kept', count: 4, data: { tags: [] }, at });
    });
    expect((await thingsFrom(database.db, { ids: ['kept'] })).map((t) => t.count)).toEqual([4]);
  });

  it('stores null as SQL NULL, and other values through the column’s encoder', async () => {
    const at = new Date('2026-11-26T12:00:00.000Z');
    await noteThing(database.db, { id: 'n', note: null, doneAt: null, at });
    await noteThing(database.db, { id: 'v', note: { text: 'x' }, doneAt: at, at });
    const rows = await database.db.execute(
      sql`select id, note is null as "noNote", done_at as "doneAt" from prepared_test_things where id in ('n', 'v') order by id`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { id: 'n', noNote: true, doneAt: null },
      { id: 'v', noNote: false, doneAt: expect.anything() },
    ]);
    const [v] = await database.db.select().from(things).where(eq(things.id, 'v'));
    expect(v).toMatchObject({ note: { text: 'x' }, doneAt: at });
    expect(await renote(database.db, { id: 'n', note: { text: 'set' } })).toMatchObject([
      { note: { text: 'set' } },
    ]);
    expect(await renote(database.db, { id: 'v', note: null })).toMatchObject([{ note: null }]);
    const nulls = await database.db.execute(
      sql`select count(*)::int as n from prepared_test_things where id = 'v' and note is null`,
    );
    expect((nulls as unknown as { rows: unknown[] }).rows).toEqual([{ n: 1 }]);
  });

  it('hands its statement to the connection before it returns, ahead of what is asked for after', async () => {
    // Effects.send relies on it: a sent statement cannot land after the commit (platform/events/effects.ts).
    await database.db
      .transaction(async (tx) => {
        const inserted = insertThing(tx, { id: 'queued', count: 1, data: { tags: [] }, at: new Date() });
        const client = (tx as unknown as { session: { client: { query(text: string): Promise<unknown> } } })
          .session.client;
        const seen = client.query(`select count(*)::int as n from prepared_test_things where id = 'queued'`);
        await inserted;
        expect(((await seen) as { rows: unknown[] }).rows).toEqual([{ n: 1 }]);
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err as Error).message.includes('Rollback')) throw err;
      });
  });

  it('builds the statement once, whichever connection runs it', () => {
    expect(builds).toBe(1);
  });

  it('refuses a run that leaves a value out', async () => {
    await expect(thingsFrom(database.db, {} as { ids: string[] })).rejects.toThrow(/placeholder "ids"/);
  });
});

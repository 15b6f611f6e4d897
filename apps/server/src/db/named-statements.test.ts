import { eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../test/helper.ts';
import { wireDatabase } from '../test/wire-database.ts';
import { namingClient, StatementNames } from './named-statements.ts';

describe('StatementNames', () => {
  it('gives the same text the same name, and each text its own', () => {
    const names = new StatementNames();
    const a = names.nameOf('select 1 where $1');
    expect(names.nameOf('select 1 where $1')).toBe(a);
    expect(names.nameOf('select 2 where $1')).not.toBe(a);
    expect(names.size).toBe(2);
  });

  it('names no more than its limit: later texts run unnamed, the named keep their names', () => {
    const names = new StatementNames(2);
    const a = names.nameOf('a $1');
    names.nameOf('b $1');
    expect(names.nameOf('c $1')).toBeUndefined();
    expect(names.nameOf('a $1')).toBe(a);
    expect(names.size).toBe(2);
  });
});

// On PostgreSQL when the suite has one (TEST_DATABASE_URL), else on PGlite over its socket: the two
// ways Petti's server reaches its database.
describe(`a naming client on ${onPostgres ? 'PostgreSQL' : 'PGlite over its socket'}`, () => {
  const table = `named_${process.pid}`;
  const notes = pgTable(table, { id: integer('id').primaryKey(), body: text('body').notNull() });
  let config: pg.ClientConfig = {};
  let close = async () => {};

  beforeAll(async () => {
    ({ config, close } = await wireDatabase());
    const c = new pg.Client(config);
    await c.connect();
    await c.query(`create table ${table} (id int primary key, body text not null)`);
    await c.end();
  });
  afterAll(async () => {
    const c = new pg.Client(config);
    await c.connect();
    await c.query(`drop table if exists ${table}`);
    await c.end();
    await close();
  });

  const prepared = async (c: pg.Client) =>
    (await c.query('select name, statement from pg_prepared_statements order by name')).rows as Array<{
      name: string;
      statement: string;
    }>;

  it('prepares each parameterised text once per connection and runs it by name after', async () => {
    const names = new StatementNames();
    const Named = namingClient(names);
    const c = new Named(config);
    await c.connect();
    try {
      await c.query(`insert into ${table} values ($1, $2), ($3, $4)`, [1, 'one', 2, 'two']);
      for (const id of [1, 2, 1]) {
        const { rows } = await c.query({ text: `select body from ${table} where id = $1` }, [id]);
        expect(rows).toEqual([{ body: id === 1 ? 'one' : 'two' }]);
      }
      // Values inside the config, as pool.query({ text, values }) passes them.
      const { rows } = await c.query({ text: `select body from ${table} where id = $1`, values: [2] });
      expect(rows).toEqual([{ body: 'two' }]);
      await c.query('begin');
      await c.query('commit');
      const held = await prepared(c);
      // The insert and the select, each once; `begin`, `commit` and this very query have no
      // parameters and stay unnamed.
      expect(held.map((s) => s.name).sort()).toEqual(
        [
          names.nameOf(`insert into ${table} values ($1, $2), ($3, $4)`),
          names.nameOf(`select body from ${table} where id = $1`),
        ].sort(),
      );
      expect(names.size).toBe(2);
    } finally {
      await c.end();
    }
  });

  it('carries drizzle’s queries through a pool, and a new connection after an error prepares afresh', async () => {
    const names = new StatementNames();
    const pool = new pg.Pool({ ...config, max: 1, Client: namingClient(names) });
    const db = drizzle(pool);
    const held = async () =>
      (await pool.query('select name from pg_prepared_statements order by name')).rows.map(
        (r: { name: string }) => r.name,
      );
    try {
      await db.insert(notes).values({ id: 3, body: 'three' });
      expect(await db.select().from(notes).where(eq(notes.id, 3))).toEqual([{ id: 3, body: 'three' }]);
      expect(
        await db
          .select()
          .from(notes)
          .where(inArray(notes.id, [1, 3])),
      ).toHaveLength(2);
      expect(await held()).toEqual(['petti_0', 'petti_1', 'petti_2']);
      // node-postgres's pool closes a connection whose query failed outside a transaction; the
      // next one holds nothing and prepares again under the same names.
      await expect(db.insert(notes).values({ id: 3, body: 'again' })).rejects.toMatchObject({
        cause: { code: '23505' },
      });
      await db.insert(notes).values({ id: 4, body: 'four' });
      expect(await db.select().from(notes).where(eq(notes.id, 4))).toEqual([{ id: 4, body: 'four' }]);
      // A statement its caller named keeps that name.
      await pool.query({ name: 'callers_own', text: `select body from ${table} where id = $1`, values: [4] });
      expect(await held()).toEqual(['callers_own', 'petti_0', 'petti_1']);
      expect(names.size).toBe(3);
    } finally {
      await pool.end();
    }
  });
});

import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { onPostgres } from '../test/helper.ts';
import { wireDatabase } from '../test/wire-database.ts';
import { namingClient } from './named-statements.ts';
import { pipeliningClient, TransactionRolledBack } from './pipelining.ts';
import { together } from './together.ts';

interface Counted {
  writes: number;
}

/** Counts the writes a client makes to its socket (one per statement, without gathering). */
function countWrites(client: pg.Client): Counted {
  const counted = { writes: 0 };
  const stream = (client as unknown as { connection: { stream: Record<string, unknown> } }).connection.stream;
  for (const method of ['_write', '_writev'] as const) {
    const original = stream[method] as (...args: unknown[]) => unknown;
    stream[method] = function (this: unknown, ...args: unknown[]) {
      counted.writes += 1;
      return original.apply(this, args);
    };
  }
  return counted;
}

// On PostgreSQL when the suite has one (TEST_DATABASE_URL), else on PGlite over its socket: the two
// ways Petti's server reaches its database.
describe(`a pipelining client on ${onPostgres ? 'PostgreSQL' : 'PGlite over its socket'}`, () => {
  const table = `piped_${process.pid}`;
  let config: pg.ClientConfig = {};
  let close = async () => {};
  const Client = pipeliningClient(namingClient());
  let c: pg.Client;
  let counted: Counted;

  const rows = async () =>
    (await c.query(`select id from ${table} order by id`)).rows.map((r: { id: number }) => r.id);

  beforeAll(async () => {
    ({ config, close } = await wireDatabase());
    c = new Client({ ...config, pipeline: true } as pg.ClientConfig);
    await c.connect();
    await c.query(`create table ${table} (id int primary key)`);
    counted = countWrites(c);
  });
  afterAll(async () => {
    // A client of its own: PGlite serves one connection at a time, and the last test ends `c`.
    const last = new pg.Client(config);
    await last.connect();
    await last.query(`drop table if exists ${table}`);
    await last.end();
    await close();
  });
  beforeEach(async () => {
    await c.query(`delete from ${table}`);
    counted.writes = 0;
  });

  it('sends statements asked for side by side in one write, and begin with the first of them', async () => {
    await c.query('begin');
    expect(counted.writes).toBe(0);
    await Promise.all([1, 2, 3].map((id) => c.query(`insert into ${table} values ($1)`, [id])));
    expect(counted.writes).toBe(1);
    await c.query('rollback');
    expect(counted.writes).toBe(2);
    // Rolled back: begin did reach PostgreSQL ahead of the inserts.
    expect(await rows()).toEqual([]);
  });

  it('sends nothing for a transaction with nothing in it', async () => {
    await c.query('begin');
    await c.query('commit');
    await c.query('begin');
    await c.query('rollback');
    expect(counted.writes).toBe(0);
    await c.query(`insert into ${table} values (1)`);
    expect(await rows()).toEqual([1]);
  });

  it('refuses a commit PostgreSQL answers with a rollback', async () => {
    await c.query('begin');
    const first = c.query(`insert into ${table} values ($1)`, [1]);
    const again = c.query(`insert into ${table} values ($1)`, [1]);
    const behind = c.query(`insert into ${table} values ($1)`, [2]);
    await expect(
      together([first, again, behind]).catch((err) => Promise.reject((err as { code: string }).code)),
    ).rejects.toBe('23505');
    await expect(c.query('commit')).rejects.toBeInstanceOf(TransactionRolledBack);
    expect(await rows()).toEqual([]);
  });

  it('holds a commit to leave with what its turn sends, and rolls back instead if told after that turn', async () => {
    const holder = c as unknown as { holdCommit(failed: () => boolean): boolean };
    await c.query('begin');
    await c.query(`insert into ${table} values ($1)`, [1]);
    expect(counted.writes).toBe(1);
    const sent = c.query(`insert into ${table} values ($1)`, [2]);
    expect(holder.holdCommit(() => false)).toBe(true);
    // Asked a few steps behind the statement, as a transaction's commit is: still the same write.
    await Promise.resolve();
    await c.query('commit');
    await sent;
    expect(counted.writes).toBe(2);
    expect(await rows()).toEqual([1, 2]);

    await c.query('begin');
    await c.query(`insert into ${table} values ($1)`, [3]);
    let failed = false;
    holder.holdCommit(() => failed);
    const commit = c.query('commit');
    // Learnt later in the same turn (a failure's answer travels through promises and ticks).
    process.nextTick(() => {
      failed = true;
    });
    await expect(commit).rejects.toBeInstanceOf(TransactionRolledBack);
    expect(await rows()).toEqual([1, 2]);
  });

  // Last: it ends `c`, for the pool's own connection.
  it('carries drizzle’s transactions: committed, and rolled back with the cause as the error', async () => {
    await c.end();
    const pool = new pg.Pool({ ...config, max: 1, Client, pipeline: true } as pg.PoolConfig);
    const db = drizzle(pool);
    const insert = (q: typeof db, id: number) => q.execute(sql`insert into ${sql.raw(table)} values (${id})`);
    try {
      await db.transaction(async (tx) => {
        await together([insert(tx as never, 1), insert(tx as never, 2)]);
      });
      await expect(
        db.transaction(async (tx) => {
          await together([insert(tx as never, 3), insert(tx as never, 1), insert(tx as never, 4)]);
        }),
      ).rejects.toMatchObject({ cause: { code: '23505' } });
      expect((await pool.query(`select id from ${table} order by id`)).rows).toEqual([{ id: 1 }, { id: 2 }]);
    } finally {
      await pool.end();
    }
  });
});

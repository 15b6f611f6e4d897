import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namingClient, StatementNames } from './named-statements.ts';
import { nextMessageLength, serveOverSocket } from './pglite-wire.ts';

describe('nextMessageLength', () => {
  it('waits for a whole message, with and without the type byte', () => {
    const startup = Buffer.alloc(8);
    startup.writeInt32BE(8, 0);
    startup.writeInt32BE(80_877_103, 4);
    expect(nextMessageLength(startup, false)).toBe(8);
    expect(nextMessageLength(startup.subarray(0, 7), false)).toBe(0);
    const query = Buffer.concat([Buffer.from('Q'), Buffer.alloc(4), Buffer.from('select 1\0')]);
    query.writeInt32BE(4 + 9, 1);
    expect(nextMessageLength(query, true)).toBe(14);
    expect(nextMessageLength(Buffer.concat([query, Buffer.from('S')]), true)).toBe(14);
    expect(nextMessageLength(query.subarray(0, 13), true)).toBe(0);
    expect(nextMessageLength(query.subarray(0, 3), true)).toBe(0);
  });

  it('refuses a length no message can have', () => {
    const bad = Buffer.from([0x51, 0xff, 0xff, 0xff, 0xfe]);
    expect(() => nextMessageLength(bad, true)).toThrow(/bytes/);
    const tooShortStartup = Buffer.alloc(8);
    tooShortStartup.writeInt32BE(4, 0);
    expect(() => nextMessageLength(tooShortStartup, false)).toThrow(/bytes/);
  });
});

describe('PGlite over a Unix socket', () => {
  let dir = '';
  let db: PGlite;
  let wire: { close(): Promise<void> };
  const connect = async () => {
    const c = new pg.Client({ host: dir, user: 'postgres', database: 'postgres' });
    c.on('error', () => undefined);
    await c.connect();
    return c;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'petti-wire-'));
    db = await PGlite.create();
    await db.exec('create table notes (id int primary key, body text not null)');
    wire = await serveOverSocket(db, join(dir, '.s.PGSQL.5432'));
  });
  afterAll(async () => {
    await wire.close();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers parameterised queries with the driver PostgreSQL uses', async () => {
    const c = await connect();
    await c.query('insert into notes values ($1, $2)', [1, 'first']);
    const { rows } = await c.query('select id, body from notes where id = $1', [1]);
    expect(rows).toEqual([{ id: 1, body: 'first' }]);
    await expect(c.query('insert into notes values ($1, $2)', [1, 'again'])).rejects.toMatchObject({
      code: '23505',
    });
    // An error leaves the connection usable.
    expect((await c.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 1 }]);
    await c.end();
  });

  it('serves one connection at a time: the next waits, and finds nothing the last one left open', async () => {
    const first = await connect();
    await first.query('begin');
    await first.query('insert into notes values (2, $1)', ['never committed']);
    let secondIn = false;
    const second = connect().then((c) => {
      secondIn = true;
      return c;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(secondIn).toBe(false);
    // Gone without COMMIT or ROLLBACK, as a crashed server's connection would be.
    (first as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const c = await second;
    expect((await c.query('select count(*)::int as n from notes where id = 2')).rows).toEqual([{ n: 0 }]);
    await c.query('insert into notes values (2, $1)', ['second']);
    await c.end();
  });

  it('lets the next connection name statements afresh: the last one’s prepared statements are gone', async () => {
    const Named = namingClient(new StatementNames());
    const first = new Named({ host: dir, user: 'postgres', database: 'postgres' });
    await first.connect();
    await first.query('select body from notes where id = $1', [2]);
    expect((await first.query('select count(*)::int as n from pg_prepared_statements')).rows).toEqual([
      { n: 1 },
    ]);
    await first.end();
    const second = new Named({ host: dir, user: 'postgres', database: 'postgres' });
    await second.connect();
    // The same name again: PGlite would refuse it ("already exists") had the first connection's stayed.
    expect((await second.query('select body from notes where id = $1', [2])).rows).toEqual([
      { body: 'second' },
    ]);
    await second.end();
  });

  it('delivers notifications to the connection that listens, after the commit', async () => {
    const c = await connect();
    const heard: string[] = [];
    c.on('notification', (m) => heard.push(`${m.channel}:${m.payload}`));
    await c.query('listen petti_wire');
    await c.query('begin');
    await c.query(`select pg_notify('petti_wire', 'in a transaction')`);
    expect(heard).toEqual([]);
    await c.query('commit');
    expect(heard).toEqual(['petti_wire:in a transaction']);
    await c.query('begin');
    await c.query(`select pg_notify('petti_wire', 'rolled back')`);
    await c.query('rollback');
    expect(heard).toEqual(['petti_wire:in a transaction']);
    await c.end();
  });
});

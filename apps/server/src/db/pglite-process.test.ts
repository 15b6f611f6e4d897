import { execFileSync, fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_CHILD, PGLITE_CHILD_V8_OPTIONS } from '../paths.ts';
import { type Database, DatabaseStartError, openDatabase } from './client.ts';
import type { ParentMessage } from './pglite-messages.ts';
import { asker, openPgliteProcess } from './pglite-process.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('the embedded database in a process of its own', () => {
  let dir = '';
  let database: Database;
  const lost: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'petti-pglite-process-'));
    database = await openPgliteProcess(join(dir, 'pglite'), { onLost: (why) => lost.push(why) });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs with the V8 options its memory was measured with, which this Node still knows', () => {
    expect(PGLITE_CHILD.execArgv).toEqual(expect.arrayContaining([...PGLITE_CHILD_V8_OPTIONS]));
    // Node refuses an option its V8 no longer has ("bad option"): an upgrade that drops it fails here.
    expect(
      execFileSync(process.execPath, [...PGLITE_CHILD_V8_OPTIONS, '-p', '"started"'])
        .toString()
        .trim(),
    ).toBe('started');
  });

  it('is migrated, and serves callers side by side while a transaction holds its one session', async () => {
    const { db } = database;
    const tables = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_name = 'orders'`,
      ),
    );
    expect(tables).toEqual([{ n: 1 }]);
    // PGlite's own start parameters kept, with the smaller buffer pool (client.ts).
    expect(rowsOf(await db.execute(sql`show shared_buffers`))).toEqual([{ shared_buffers: '16MB' }]);
    expect(rowsOf(await db.execute(sql`show search_path`))).toEqual([{ search_path: 'public' }]);
    await db.execute(sql`create table if not exists process_notes (id int primary key)`);
    const inTx = db.transaction(async (tx) => {
      await tx.execute(sql`insert into process_notes values (1)`);
      await new Promise((r) => setTimeout(r, 50));
      await tx.execute(sql`insert into process_notes values (2)`);
    });
    const reads = Promise.all(
      Array.from({ length: 20 }, () =>
        db
          .execute(sql`select count(*)::int as n from process_notes`)
          .then((r) => rowsOf<{ n: number }>(r)[0]!.n),
      ),
    );
    await inTx;
    // Nobody saw half a transaction.
    for (const n of await reads) expect([0, 2]).toContain(n);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into process_notes values (3)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(rowsOf(await db.execute(sql`select id from process_notes order by id`))).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
  });

  it('tells subscribers of committed changes, and not of rolled-back ones', async () => {
    let heard = 0;
    await database.changes.subscribe('petti_process_test', () => heard++);
    expect(database.changes.live()).toBe(true);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('petti_process_test', '')`);
    });
    expect(heard).toBe(1);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('petti_process_test', '')`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow();
    expect(heard).toBe(1);
  });

  it('gives a backup that opens as a database, and reports its own memory', async () => {
    const dump = await database.dump!();
    const copy = await openDatabase({ kind: 'pglite', loadDataDir: dump });
    expect(rowsOf(await copy.db.execute(sql`select id from process_notes order by id`))).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
    await copy.close();
    expect(await database.databaseMemory!()).toBeGreaterThan(50e6);
  }, 60_000);

  it('keeps what was committed across a restart, and says when its process is gone', async () => {
    await database.close();
    expect(lost).toEqual([]);
    database = await openPgliteProcess(join(dir, 'pglite'), { onLost: (why) => lost.push(why) });
    expect(rowsOf(await database.db.execute(sql`select count(*)::int as n from process_notes`))).toEqual([
      { n: 2 },
    ]);
    process.kill(childPid(), 'SIGKILL');
    await expect.poll(() => lost.length, { timeout: 5000 }).toBe(1);
    expect(lost[0]).toContain('SIGKILL');
    await expect(database.ping()).rejects.toThrow();
  }, 120_000);

  it('closes the database and exits when the server is gone before it has opened', async () => {
    const socketDir = await mkdtemp(join(tmpdir(), 'petti-db-early-'));
    const child = fork(PGLITE_CHILD.script, [join(dir, 'early'), join(socketDir, '.s.PGSQL.5432')], {
      execArgv: PGLITE_CHILD.execArgv,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.disconnect();
    expect(await exited).toBe(0);
    // It removed the socket's folder on its way out.
    expect(existsSync(socketDir)).toBe(false);
  }, 60_000);

  it('fails to start with a clear error when the data folder cannot be used', async () => {
    const file = join(dir, 'not-a-folder');
    await writeFile(file, 'x');
    await expect(openPgliteProcess(file)).rejects.toBeInstanceOf(DatabaseStartError);
  }, 60_000);
});

/** The one database process this test's process has running. */
function childPid(): number {
  const out = execFileSync('pgrep', ['-P', String(process.pid), '-f', 'pglite-child'], { encoding: 'utf8' });
  const pids = out.trim().split('\n').filter(Boolean).map(Number);
  expect(pids).toHaveLength(1);
  return pids[0]!;
}

describe("asking the database's process", () => {
  /** A process that takes messages and answers only when told to. */
  const silentChild = () => {
    const child = Object.assign(new EventEmitter(), {
      connected: true,
      sent: [] as ParentMessage[],
      send(message: ParentMessage) {
        child.sent.push(message);
        return true;
      },
    });
    return child;
  };

  it('fails a request the process never answers once its time is up, and takes a late answer for no one', async () => {
    const child = silentChild();
    const ask = asker(child as never, { dump: 50, memory: 50 });
    await expect(ask('memory')).rejects.toThrow('did not answer (memory) within 0.05 s');
    child.emit('message', { type: 'memory', id: child.sent[0]!.id, rss: 1 });
    // Answered in time, the answer is taken.
    const asked = ask('memory');
    child.emit('message', { type: 'memory', id: child.sent[1]!.id, rss: 42 });
    await expect(asked).resolves.toEqual({ type: 'memory', id: 2, rss: 42 });
  });

  it('fails what is waiting when the process ends', async () => {
    const child = silentChild();
    const ask = asker(child as never, { dump: 60_000, memory: 60_000 });
    const asked = ask('dump');
    child.emit('exit', 1, null);
    await expect(asked).rejects.toThrow('not running');
  });
});

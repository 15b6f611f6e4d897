import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { PGLITE_CHILD } from '../paths.ts';
import { singleConnectionChangeFeed } from './change-feed.ts';
import { type Database, DatabaseStartError, type Db } from './client.ts';
import { namingClient } from './named-statements.ts';
import type { ChildMessage, ParentMessage } from './pglite-messages.ts';
import { pipeliningClient } from './pipelining.ts';

/** PostgreSQL's socket file name for port 5432, which node-postgres looks for in `host`. */
const SOCKET_FILE = '.s.PGSQL.5432';
/**
 * How long the process may take to answer: a copy of the whole database (a backup) may take a
 * while on a big one; its memory is one number. A process that never answers fails the request
 * instead of holding it (and a backup's HTTP request) for ever.
 */
const ANSWER_WITHIN_MS: Record<ParentMessage['type'], number> = { dump: 10 * 60_000, memory: 5_000 };

export interface PgliteProcessOptions {
  /** Called once if the database's process ends while the server still needs it. */
  onLost?: (reason: string) => void;
  /** How long opening (and migrating) may take before the start counts as failed. */
  startTimeoutMs?: number;
  /** How long a caller waits for the one connection before it is answered "busy" (docs/deploy.md#overload). */
  poolWaitMs?: number;
}

/**
 * The embedded database in a process of its own (./pglite-child.ts), reached over PostgreSQL's
 * protocol on a Unix socket in a fresh private folder, with the driver PostgreSQL uses
 * (docs/performance.md#memory). PGlite's WebAssembly memory and its CPU stay out of the server's
 * process and off its request thread; PGlite is one session, so the pool holds one connection and
 * callers take turns on it, as they did on PGlite in this process.
 */
export async function openPgliteProcess(
  dataDir: string,
  options: PgliteProcessOptions = {},
): Promise<Database> {
  const socketDir = await mkdtemp(join(tmpdir(), 'petti-db-'));
  const child = fork(PGLITE_CHILD.script, [dataDir, join(socketDir, SOCKET_FILE)], {
    execArgv: PGLITE_CHILD.execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await started(child, options.startTimeoutMs ?? 120_000);
  } catch (err) {
    child.kill('SIGKILL');
    await exited;
    await rm(socketDir, { recursive: true, force: true });
    throw err;
  }

  let closing = false;
  child.once('exit', (code, signal) => {
    if (!closing)
      options.onLost?.(`the embedded database's process ended (${signal ?? `exit code ${code}`})`);
  });
  const pool = new pg.Pool({
    host: socketDir,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // The one connection is the database's one session: no reason to close it when idle.
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: options.poolWaitMs ?? 5000,
    // Side by side on one connection: ./pipelining.ts.
    Client: pipeliningClient(namingClient()),
    pipeline: true,
  });
  pool.on('error', () => {});
  // Nor may a connection's that is checked out but between statements (PostgreSQL restarted, or an
  // administrator ended the backend): the statements waiting on it fail instead, and the pool drops it.
  pool.on('connect', (client) => client.on('error', () => {}));
  const ask = asker(child);
  const changes = singleConnectionChangeFeed(
    pool,
    () => child.exitCode === null && child.signalCode === null,
  );
  return {
    db: drizzleNodePg(pool) as unknown as Db,
    kind: 'pglite',
    changes,
    ping: async () => {
      await pool.query('select 1');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    dump: async () => {
      const answer = await ask('dump');
      if ('error' in answer) throw new Error(answer.error);
      if (!('data' in answer)) throw new Error('the database answered something else');
      return new Blob([new Uint8Array(answer.data)]);
    },
    databaseMemory: async () => {
      const answer = await ask('memory');
      return 'rss' in answer ? answer.rss : 0;
    },
    close: async () => {
      closing = true;
      await changes.close();
      await pool.end().catch(() => undefined);
      // Letting go of the channel is the process's word to close PGlite and exit.
      if (child.connected) child.disconnect();
      await exited;
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}

function started(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(`the embedded database did not start within ${Math.round(timeoutMs / 1000)} s`),
      timeoutMs,
    );
    const onMessage = (message: ChildMessage) => {
      if (message.type === 'ready') done(resolve);
      else if (message.type === 'failed') fail(message.message);
    };
    const onExit = (code: number | null, signal: string | null) =>
      fail(`the embedded database's process ended while starting (${signal ?? `exit code ${code}`})`);
    const done = (then: () => void) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      then();
    };
    const fail = (why: string) => done(() => reject(new DatabaseStartError(why)));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Requests to the process, each answered by the reply carrying its id, or failed after its time. */
export function asker(
  child: Pick<ChildProcess, 'on' | 'once' | 'send' | 'connected'>,
  within: Record<ParentMessage['type'], number> = ANSWER_WITHIN_MS,
) {
  let next = 0;
  const waiting = new Map<number, { resolve: (m: ChildMessage) => void; reject: (e: Error) => void }>();
  child.on('message', (message: ChildMessage) => {
    if (!('id' in message)) return;
    waiting.get(message.id)?.resolve(message);
    waiting.delete(message.id);
  });
  child.once('exit', () => {
    for (const w of waiting.values()) w.reject(new Error('the embedded database is not running'));
    waiting.clear();
  });
  return (type: ParentMessage['type']) =>
    new Promise<ChildMessage>((resolve, reject) => {
      if (!child.connected) return reject(new Error('the embedded database is not running'));
      const id = ++next;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`the embedded database did not answer (${type}) within ${within[type] / 1000} s`));
      }, within[type]);
      const settled = () => clearTimeout(timer);
      waiting.set(id, {
        resolve: (m) => {
          settled();
          resolve(m);
        },
        reject: (e) => {
          settled();
          reject(e);
        },
      });
      child.send({ type, id } satisfies ParentMessage);
    });
}

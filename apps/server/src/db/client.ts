import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../paths.ts';
import { type ChangeFeed, pgliteChangeFeed, postgresChangeFeed } from './change-feed.ts';
import { namingClient } from './named-statements.ts';
import { pipeliningClient } from './pipelining.ts';

/**
 * The one database type features see, whichever driver is underneath. Without drizzle's relational
 * queries (`db.query.…`), which Petti does not use: given the schema, drizzle builds one of those per
 * table for every transaction it opens, about 1.5% of the server's time per order
 * (docs/performance.md#orders).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A cheap round trip, for health checks. */
  ping(): Promise<void>;
  /** PostgreSQL's connection pool: open, idle, and requests waiting for a connection (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * The embedded database's whole data folder as a gzipped tar, taken while it runs (PGlite is one
   * connection, so the copy is of one moment); PostgreSQL is backed up with pg_dump instead.
   */
  dump?(): Promise<Blob>;
  /** Resident memory of the database's own process, where Petti started one (./pglite-process.ts). */
  databaseMemory?(): Promise<number>;
  /** Word of committed changes, from the tables' triggers, in every process (./change-feed.ts). */
  changes: ChangeFeed;
  close(): Promise<void>;
}

export { MIGRATIONS_FOLDER };

/** The advisory lock processes take around migrating, so several starting together migrate once. */
export const MIGRATION_LOCK = 7_204_331_900;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; poolWaitMs?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError';
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.poolSize, options.poolWaitMs);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPostgres(url: string, poolSize = 10, poolWaitMs = 5000): Promise<Database> {
  // At least two: one holds the migration lock while another migrates.
  const pool = new pg.Pool({
    connectionString: url,
    max: Math.max(2, poolSize),
    // How long a request waits for a connection before it is answered "busy" (docs/deploy.md#overload).
    connectionTimeoutMillis: poolWaitMs,
    // Side by side on one connection: ./pipelining.ts.
    Client: pipeliningClient(namingClient()),
    pipeline: true,
  });
  // An idle client's network error must not crash the process; the next query reports it instead.
  pool.on('error', () => {});
  // Nor may a connection's that is checked out but between statements (PostgreSQL restarted, or an
  // administrator ended the backend): the statements waiting on it fail instead, and the pool drops it.
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => {});
    throw new DatabaseStartError(`Cannot reach PostgreSQL at ${redact(url)}: ${describe(err)}`);
  }
  const db = drizzleNodePg(pool) as unknown as Db;
  // Several processes may start at once: one migrates while the others wait, then find nothing to do.
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (err) {
    lock.release();
    await pool.end().catch(() => {});
    throw new DatabaseStartError(`Migrating PostgreSQL at ${redact(url)} failed: ${describe(err)}`);
  }
  await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
  lock.release();
  // Its own connection, opened only once something subscribes.
  const changes = postgresChangeFeed(url);
  return {
    db,
    kind: 'postgres',
    changes,
    ping: async () => {
      await pool.query('select 1');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await changes.close();
      await pool.end();
    },
  };
}

/**
 * PGlite's own start parameters, and shared buffers of 16 MB instead of PostgreSQL's 128: PGlite's
 * files are read through the operating system's cache anyway, and the larger pool cost about 125 MB of
 * WebAssembly memory for the demo data (docs/performance.md#memory). Set here rather than through
 * `postgresqlconf`, which would replace the whole postgresql.conf that initdb wrote.
 */
export const PGLITE_START_PARAMS = [
  ...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams,
  '-c',
  'shared_buffers=16MB',
];

/**
 * PGlite opened on `dataDir` (in memory without one) and migrated: the embedded database's own
 * client, for this process (tests, restores) or for the process that serves it (./pglite-child.ts).
 */
export async function openPgliteClient(dataDir?: string, loadDataDir?: Blob | File): Promise<PGlite> {
  let client: PGlite;
  try {
    // PGlite does not create missing parent folders.
    if (dataDir) await mkdir(dataDir, { recursive: true });
    client = await PGlite.create({
      dataDir,
      loadDataDir,
      extensions: { btree_gist, pg_trgm },
      startParams: PGLITE_START_PARAMS,
    });
  } catch (err) {
    throw new DatabaseStartError(
      `Cannot open the embedded database in ${dataDir ?? 'memory'}: ${describe(err)}`,
    );
  }
  try {
    await migratePglite(drizzlePglite(client) as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (err) {
    await client.close().catch(() => {});
    throw new DatabaseStartError(`Migrating the embedded database failed: ${describe(err)}`);
  }
  return client;
}

/** PGlite inside this process: one connection, shared by every caller in turn. */
async function openPglite(dataDir?: string, loadDataDir?: Blob | File): Promise<Database> {
  const client = await openPgliteClient(dataDir, loadDataDir);
  const db = drizzlePglite(client) as unknown as Db;
  const changes = pgliteChangeFeed(client);
  return {
    db,
    kind: 'pglite',
    changes,
    ping: async () => {
      await client.query('select 1');
    },
    dump: () => dumpPglite(client),
    close: async () => {
      await changes.close();
      await client.close();
    },
  };
}

/** The whole data folder as a gzipped tar, with every committed write in its data files. */
export async function dumpPglite(client: PGlite): Promise<Blob> {
  await client.query('checkpoint');
  return client.dumpDataDir('gzip');
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the configured URL';
  }
}

export function describe(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length) return describe(err.errors[0]);
  if (err instanceof Error) return err.message.split('\n')[0] || err.name;
  return String(err);
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { serveOverSocket } from '../db/pglite-wire.ts';
import { onPostgres } from './helper.ts';

/**
 * A database node-postgres connects to as the server does: the suite's PostgreSQL when it has one
 * (TEST_DATABASE_URL), else a fresh PGlite over its socket (db/pglite-wire.ts), which serves one
 * connection at a time.
 */
export async function wireDatabase(): Promise<{ config: pg.ClientConfig; close(): Promise<void> }> {
  if (onPostgres)
    return { config: { connectionString: process.env.TEST_DATABASE_URL }, close: async () => {} };
  const dir = await mkdtemp(join(tmpdir(), 'petti-wire-'));
  const db = await PGlite.create();
  const wire = await serveOverSocket(db, join(dir, '.s.PGSQL.5432'));
  return {
    config: { host: dir, user: 'postgres', database: 'postgres' },
    close: async () => {
      await wire.close();
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

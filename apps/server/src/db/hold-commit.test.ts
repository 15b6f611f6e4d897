import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, openTestDatabase } from '../test/helper.ts';
import type { Database } from './client.ts';
import { holdCommit } from './hold-commit.ts';

describe('holding a transaction’s commit', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it(`is held on ${onPostgres ? 'PostgreSQL’s pipelining client' : 'no client: PGlite is in this process'}, and commits`, async () => {
    const answer = await database.db.transaction(async (tx) => {
      expect(holdCommit(tx, () => false)).toBe(onPostgres);
      return tx.execute(sql`select 1 as one`);
    });
    expect((answer as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
  });
});

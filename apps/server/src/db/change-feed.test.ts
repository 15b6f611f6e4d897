import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CHANGED } from '../features/catalog/answers.ts';
import { LOCKER_SITES_CHANGED } from '../features/lockers/answers.ts';
import { onPostgres, openTestDatabase } from '../test/helper.ts';
import { postgresChangeFeed } from './change-feed.ts';
import type { Database } from './client.ts';

let database: Database;
const heard: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  for (const channel of [CATALOG_CHANGED, LOCKER_SITES_CHANGED])
    await database.changes.subscribe(channel, () => heard.push(channel));
  // Listening once subscribed (a new connection also tells everyone once: each test counts afresh).
  if (!database.changes.live()) throw new Error('the change feed is not listening');
});
afterAll(() => database.close());

/** What the read caches are made of, and the channel that must hear of a change to each. */
const TABLES: Array<[string, string]> = [
  ['products', CATALOG_CHANGED],
  ['product_variants', CATALOG_CHANGED],
  ['categories', CATALOG_CHANGED],
  ['sellers', CATALOG_CHANGED],
  ['locker_sites', LOCKER_SITES_CHANGED],
  ['lockers', LOCKER_SITES_CHANGED],
  ['locker_sizes', LOCKER_SITES_CHANGED],
  ['locker_prices', LOCKER_SITES_CHANGED],
  ['bookings', LOCKER_SITES_CHANGED],
];
/** An update of no row: the statement still fires the table's trigger. */
const touch = (table: string) => {
  const column = table === 'locker_sizes' ? 'code' : table === 'locker_prices' ? 'size' : 'id';
  return sql.raw(`update ${table} set ${column} = ${column} where false`);
};

describe('change feed', () => {
  it.each(TABLES)(
    'hears a committed change to %s on %s, and nothing from a rolled-back one',
    async (table, channel) => {
      heard.length = 0;
      // A statement that changes no row still says the table may have changed; so does a rollback's, but
      // PostgreSQL drops its notification with the transaction.
      await database.db
        .transaction(async (tx) => {
          await tx.execute(touch(table));
          tx.rollback();
        })
        .catch(() => undefined);
      await database.db.execute(touch(table));
      await expect.poll(() => heard).toEqual([channel]);
    },
  );

  it('hears nothing of tables no cache is made of', async () => {
    heard.length = 0;
    await database.db.execute(sql`update users set id = id where false`);
    await database.db.execute(touch('products'));
    await expect.poll(() => heard).toEqual([CATALOG_CHANGED]);
  });

  it.runIf(onPostgres)('on PostgreSQL, says when its connection is lost and listens again', async () => {
    heard.length = 0;
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    // Told at once (whatever was kept may be stale), then again when listening anew.
    await expect.poll(() => heard.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    await expect.poll(() => database.changes.live(), { timeout: 10_000 }).toBe(true);
    heard.length = 0;
    await database.db.execute(touch('lockers'));
    await expect.poll(() => heard).toEqual([LOCKER_SITES_CHANGED]);
  });

  it.runIf(onPostgres)(
    'on PostgreSQL, is not live while its own probe does not reach it (a pooler that drops notifications)',
    async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const deaf = postgresChangeFeed(url, { notify: async () => undefined, probeTimeoutMs: 200 });
      const hearing = postgresChangeFeed(url, { probeTimeoutMs: 5000 });
      try {
        await deaf.subscribe(CATALOG_CHANGED, () => undefined);
        await hearing.subscribe(CATALOG_CHANGED, () => undefined);
        expect(deaf.live()).toBe(false);
        expect(hearing.live()).toBe(true);
      } finally {
        await deaf.close();
        await hearing.close();
      }
    },
  );
});

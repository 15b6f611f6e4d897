import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../test/helper.ts';
import { openDatabase } from './client.ts';

describe.skipIf(!onPostgres)('migrating PostgreSQL', () => {
  it('lets several processes start on a new database at once: one migrates, the others wait', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `petti_migrate_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    try {
      const opened = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url: u.toString(), poolSize: 2 })),
      );
      const check = new pg.Client({ connectionString: u.toString() });
      await check.connect();
      const { rows } = await check.query(
        'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
      );
      await check.end();
      expect(rows.length).toBeGreaterThan(10);
      expect(rows.every((r: { n: number }) => r.n === 1)).toBe(true);
      await Promise.all(opened.map((d) => d.close()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

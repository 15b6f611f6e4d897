import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { restorePgliteBackup } from '../../db/restore.ts';
import { buildTestApp, onPostgres, type TestApp } from '../../test/helper.ts';
import { users } from '../users/schema.ts';

/** What opening fresh embedded databases may take on a loaded machine. */
const SLOW_DATABASE_WORK_MS = 180_000;

let t: TestApp;
let dir = '';

beforeAll(async () => {
  t = await buildTestApp();
  dir = await mkdtemp(join(tmpdir(), 'petti-backup-'));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const backup = (token: string | null = t.ctx.config.OPS_TOKEN) =>
  t.app.inject({ method: 'GET', url: '/api/ops/backup', headers: token ? { 'x-ops-token': token } : {} });

describe('a backup of the embedded database', () => {
  it('needs the ops token', async () => {
    expect((await backup(null)).statusCode).toBe(401);
    expect((await backup('not-the-token')).statusCode).toBe(401);
  });

  it.runIf(onPostgres)('is refused on PostgreSQL, pointing at pg_dump', async () => {
    const res = await backup();
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('pg_dump');
  });

  it.skipIf(onPostgres)(
    'is taken while the server runs and restored into a data folder, with what was written before it',
    async () => {
      const [someone] = await t.ctx.database.db.select().from(users).limit(1);
      expect(someone).toBeDefined();
      await t.ctx.database.db.update(users).set({ name: 'Backed Up' }).where(eq(users.id, someone!.id));

      const res = await backup();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/gzip');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="petti-\d{4}-\d{2}-\d{2}\.tar\.gz"$/,
      );
      // A gzip stream starts with 1f 8b.
      expect([...res.rawPayload.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
      const file = join(dir, 'petti.tar.gz');
      await writeFile(file, res.rawPayload);
      // Written after the backup: not in it.
      await t.ctx.database.db.update(users).set({ name: 'After' }).where(eq(users.id, someone!.id));

      const dataDir = join(dir, 'pglite');
      await openDatabase({ kind: 'pglite', dataDir }).then((d) => d.close());
      const restored = await restorePgliteBackup(file, dataDir);
      expect(restored.tables).toBeGreaterThan(10);
      // The folder that was there is kept aside, not deleted.
      expect(restored.movedAside).not.toBeNull();
      expect((await readdir(dir)).filter((n) => n.startsWith('pglite.before-restore-'))).toHaveLength(1);

      const opened = await openDatabase({ kind: 'pglite', dataDir });
      const [again] = await opened.db.select().from(users).where(eq(users.id, someone!.id));
      await opened.close();
      expect(again?.name).toBe('Backed Up');
    },
    // Two more embedded databases are made and opened here: on a busy two-core box each start takes
    // many seconds, so the test's budget is for that work, not a wait.
    SLOW_DATABASE_WORK_MS,
  );

  it.skipIf(onPostgres)(
    'leaves the data folder as it was when the file is not a backup',
    async () => {
      const dataDir = join(dir, 'broken');
      await openDatabase({ kind: 'pglite', dataDir }).then((d) => d.close());
      const before = (await readdir(dataDir)).sort();
      const file = join(dir, 'not-a-backup.tar.gz');
      await writeFile(file, 'hello');
      await expect(restorePgliteBackup(file, dataDir)).rejects.toThrow();
      expect((await readdir(dataDir)).sort()).toEqual(before);
    },
    SLOW_DATABASE_WORK_MS,
  );
});

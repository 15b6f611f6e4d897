import { readdir, readFile, rename } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client.ts';

/**
 * Puts a backup of the embedded database (`GET /api/ops/backup`, docs/deploy.md#backups) in place
 * as `dataDir`, with the server stopped. A folder already there is moved aside, never deleted, and
 * the restored database is opened once (which also migrates it, should the backup be older than
 * this code) so a broken file is found now rather than at the next start.
 */
export async function restorePgliteBackup(
  file: string,
  dataDir: string,
): Promise<{ movedAside: string | null; tables: number }> {
  const dump = new Blob([await readFile(file)]);
  let movedAside: string | null = null;
  const existing = await readdir(dataDir).catch(() => [] as string[]);
  if (existing.length > 0) {
    movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(dataDir, movedAside);
  }
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: dump });
    const result = await database.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    const rows = (result as unknown as { rows: Array<{ n: number }> }).rows;
    await database.close();
    return { movedAside, tables: rows[0]?.n ?? 0 };
  } catch (err) {
    // Leave things as they were: the old folder back in its place.
    if (movedAside) {
      await rename(dataDir, `${dataDir}.failed-restore-${Date.now()}`).catch(() => undefined);
      await rename(movedAside, dataDir);
    }
    throw err;
  }
}

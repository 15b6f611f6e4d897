import { resolve } from 'node:path';
import { restorePgliteBackup } from '../../apps/server/src/db/restore.ts';
import { pgliteDataDir } from '../../apps/server/src/paths.ts';

/**
 * `npm run db:restore -- <backup.tar.gz>`: puts a backup of the embedded database
 * (`GET /api/ops/backup`) in place under DATA_DIR (./data by default). Stop the server first.
 * docs/deploy.md#backups.
 */
const file = process.argv[2];
if (!file) {
  console.error(
    'Usage: npm run db:restore -- <backup.tar.gz>   (stop the server first; DATA_DIR as it runs with)',
  );
  process.exit(2);
}
const dataDir = pgliteDataDir(resolve(process.env.DATA_DIR ?? './data'));
try {
  const { movedAside, tables } = await restorePgliteBackup(resolve(file), dataDir);
  if (movedAside) console.log(`The database that was there is kept in ${movedAside}`);
  console.log(`Restored ${file} into ${dataDir} (${tables} tables). Start the server again.`);
} catch (err) {
  console.error(`Could not restore ${file}: ${err instanceof Error ? err.message : String(err)}`);
  console.error('Nothing was changed.');
  process.exit(1);
}

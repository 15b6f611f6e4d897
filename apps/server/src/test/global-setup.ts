import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { loadDemoData } from '../db/seed/load-demo-data.ts';
import { PGLITE_TEMPLATE } from './paths.ts';

/**
 * Migrating and seeding a new PGlite takes seconds, so it is done once per run: every suite then
 * starts from a copy of this template (see helper.ts). On PostgreSQL each suite makes its own database.
 */
export default async function setup(_project: TestProject): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const database = await openDatabase({ kind: 'pglite' });
  await loadDemoData(database.db);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await mkdir(dirname(PGLITE_TEMPLATE), { recursive: true });
  await writeFile(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

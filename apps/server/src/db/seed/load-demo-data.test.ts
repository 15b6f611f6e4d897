import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../features/catalog/schema.ts';
import { lockerSites, lockers } from '../../features/lockers/schema.ts';
import { openTestDatabase } from '../../test/helper.ts';
import type { Database } from '../client.ts';
import { loadDemoData, SEED_DIR } from './load-demo-data.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function counts() {
  const db = database.db;
  const [[p], [v], [s], [l]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(productVariants),
    db.select({ n: count() }).from(lockerSites),
    db.select({ n: count() }).from(lockers),
  ]);
  return { products: p!.n, variants: v!.n, sites: s!.n, lockers: l!.n };
}

describe('demo data', () => {
  it('is all there after the first load', async () => {
    const c = await counts();
    expect(c.products).toBeGreaterThanOrEqual(200);
    expect(c.sites).toBeGreaterThanOrEqual(6);
    expect(c.lockers).toBeGreaterThan(c.sites * 4);
  });

  it('is skipped when nothing changed, and never duplicated or overwritten when the files change', async () => {
    const before = await counts();
    expect(await loadDemoData(database.db)).toEqual({ loaded: false });
    expect(await counts()).toEqual(before);

    // Stock a shopper bought must survive a reload of changed files.
    const [first] = await database.db.select().from(productVariants).orderBy(productVariants.id).limit(1);
    await database.db.update(productVariants).set({ inventory: 0 });
    const changed = await mkdtemp(join(tmpdir(), 'petti-seed-'));
    await cp(SEED_DIR, changed, { recursive: true });
    const fees = join(changed, 'fees.json');
    await writeFile(fees, `${(await readFile(fees, 'utf8')).trimEnd()}\n\n`);
    expect(await loadDemoData(database.db, `${changed}/`)).toEqual({ loaded: true });
    expect(await counts()).toEqual(before);
    const [again] = await database.db.select().from(productVariants).orderBy(productVariants.id).limit(1);
    expect(again?.id).toBe(first?.id);
    expect(again?.inventory).toBe(0);
  });
});

import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Localized } from '../../db/columns.ts';
import { lockerSites } from './schema.ts';

/** Sites, lockers and prices: other features read them only through these functions. */
export const lockersService = {
  /** Site names by id (an order shows its parcel site's name). */
  async siteNames(db: DbOrTx, siteIds: string[]): Promise<Map<string, Localized>> {
    if (!siteIds.length) return new Map();
    const rows = await db
      .select({ id: lockerSites.id, name: lockerSites.name })
      .from(lockerSites)
      .where(inArray(lockerSites.id, siteIds));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  async siteExists(db: DbOrTx, siteId: string): Promise<boolean> {
    const [row] = await db.select({ id: lockerSites.id }).from(lockerSites).where(eq(lockerSites.id, siteId));
    return Boolean(row);
  },
};

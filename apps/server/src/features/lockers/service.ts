import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { lockerSites } from './schema.ts';

/** What other features may know of a locker site. */
export const lockersService = {
  async siteExists(db: DbOrTx, siteId: string): Promise<boolean> {
    const [row] = await db.select({ id: lockerSites.id }).from(lockerSites).where(eq(lockerSites.id, siteId));
    return Boolean(row);
  },

  /** What an order to a parcel locker needs of its site: whether it takes parcels, for whom, where. */
  async parcelSite(q: DbOrTx, siteId: string) {
    const [row] = await q
      .select({
        id: lockerSites.id,
        name: lockerSites.name,
        type: lockerSites.type,
        complexId: lockerSites.complexId,
        acceptsParcels: lockerSites.acceptsParcels,
        lat: lockerSites.lat,
        lng: lockerSites.lng,
      })
      .from(lockerSites)
      .where(eq(lockerSites.id, siteId));
    return row ?? null;
  },

  /** Site names by id, for views that show where something is. */
  async siteNames(q: DbOrTx, siteIds: readonly string[]) {
    if (siteIds.length === 0) return [];
    return q
      .select({ id: lockerSites.id, name: lockerSites.name })
      .from(lockerSites)
      .where(inArray(lockerSites.id, [...siteIds]));
  },
};

export type LockersService = typeof lockersService;

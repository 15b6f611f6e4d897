import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { lockerCommands, lockerSites, lockers } from './schema.ts';

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

  /** The residential complex's own locker site (complex lockers), if it has one. */
  async complexSite(q: DbOrTx, complexId: string) {
    const [row] = await q
      .select({ id: lockerSites.id, name: lockerSites.name })
      .from(lockerSites)
      .where(and(eq(lockerSites.complexId, complexId), eq(lockerSites.type, 'complex_lockers')));
    return row ?? null;
  },

  /** Site names and types by id, for views of what is booked there. */
  async siteSummaries(q: DbOrTx, siteIds: readonly string[]) {
    if (siteIds.length === 0) return [];
    return q
      .select({
        id: lockerSites.id,
        name: lockerSites.name,
        type: lockerSites.type,
        offlineSince: lockerSites.offlineSince,
      })
      .from(lockerSites)
      .where(inArray(lockerSites.id, [...siteIds]));
  },

  /** Lockers (of one site, or all) in site and id order, for the technicians' view. */
  async lockers(db: DbOrTx, siteId?: string) {
    return db
      .select()
      .from(lockers)
      .where(siteId ? eq(lockers.siteId, siteId) : undefined)
      .orderBy(lockers.siteId, lockers.id);
  },

  async locker(db: DbOrTx, lockerId: string) {
    const [row] = await db.select().from(lockers).where(eq(lockers.id, lockerId));
    return row ?? null;
  },

  /** The last open commands of a locker, newest first: every opening, by keypad, app or operator. */
  async openings(db: DbOrTx, lockerId: string, limit = 50) {
    return db
      .select()
      .from(lockerCommands)
      .where(eq(lockerCommands.lockerId, lockerId))
      .orderBy(desc(lockerCommands.createdAt))
      .limit(limit);
  },

  /** Every locker site, by id, for the operators' console. */
  async sites(db: DbOrTx) {
    return db.select().from(lockerSites).orderBy(lockerSites.id);
  },

  /** Ids of the sites whose controller is offline. */
  async offlineSiteIds(db: DbOrTx): Promise<Set<string>> {
    return lockersService.offlineAmong(await db.select().from(lockerSites));
  },

  /** Of these sites, the ids of those whose controller is offline (the offline check set them so). */
  offlineAmong(sites: ReadonlyArray<{ id: string; offlineSince: Date | null }>): Set<string> {
    return new Set(sites.filter((s) => s.offlineSince !== null).map((s) => s.id));
  },

  /** Locks one locker's row for a change in the caller's transaction. */
  async lockLocker(tx: DbOrTx, lockerId: string) {
    const [row] = await tx.select().from(lockers).where(eq(lockers.id, lockerId)).for('update');
    return row;
  },

  /** Takes a locker out of service (never given to a new booking) or puts it back. */
  async setInService(tx: DbOrTx, lockerId: string, inService: boolean) {
    const [row] = await tx.update(lockers).set({ inService }).where(eq(lockers.id, lockerId)).returning();
    return row!;
  },

  /** Every locker of a site out of service, or back (a site closed for repairs). */
  /** The whole site out for repairs (since `at`, expected back at `until`) or back. */
  async setSiteInService(
    tx: DbOrTx,
    siteId: string,
    change: { inService: boolean; at: Date; until?: Date | null },
  ) {
    await tx.update(lockers).set({ inService: change.inService }).where(eq(lockers.siteId, siteId));
    await tx
      .update(lockerSites)
      .set(
        change.inService
          ? { closedSince: null, closedUntil: null }
          : { closedSince: change.at, closedUntil: change.until ?? null },
      )
      .where(eq(lockerSites.id, siteId));
  },

  /** Sites whose every locker is out of service (closed for repairs), among `siteIds`. */
  async closedSites(q: DbOrTx, siteIds: readonly string[]): Promise<Set<string>> {
    if (siteIds.length === 0) return new Set();
    const rows = await q
      .select({
        siteId: lockers.siteId,
        open: sql<number>`count(*) filter (where ${lockers.inService})`.mapWith(Number),
      })
      .from(lockers)
      .where(inArray(lockers.siteId, [...siteIds]))
      .groupBy(lockers.siteId);
    return new Set(rows.filter((r) => r.open === 0).map((r) => r.siteId));
  },

  /** Site names by id, for views that show where something is. */
  async siteNames(q: DbOrTx, siteIds: readonly string[]) {
    if (siteIds.length === 0) return [];
    return q
      .select({ id: lockerSites.id, name: lockerSites.name, lat: lockerSites.lat, lng: lockerSites.lng })
      .from(lockerSites)
      .where(inArray(lockerSites.id, [...siteIds]));
  },
};

export type LockersService = typeof lockersService;

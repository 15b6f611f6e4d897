import { bookableOffline, isOpenAt, type LOCKER_SIZES, type LockerSite } from '@petti/shared';
import { asc, desc } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  allRates,
  getSite,
  type LockerRow,
  otherSizesFree,
  rateIn,
  type SiteRow,
  type SizeCount,
} from './inventory.ts';
import { lockerSites, lockerSizes } from './schema.ts';
import { lockersService } from './service.ts';

const HOUR = 3_600_000;

/** What a shopper is told of a site closed for repairs: since when, and until when if an operator said. */
export const closedOf = (s: SiteRow) => ({
  since: s.closedSince?.toISOString() ?? null,
  until: s.closedUntil?.toISOString() ?? null,
});

/**
 * Which lockers are free when, as the feature that books them knows it. Passed in so that lockers
 * never depend on bookings (docs/lockers.md, "who depends on whom").
 */
export interface LockerOccupancy {
  freeCounts(
    db: DbOrTx,
    start: Date,
    end: Date | null,
    siteIds?: string[],
  ): Promise<Map<string, Map<string, SizeCount>>>;
  freeLockers(
    db: DbOrTx,
    q: { siteId: string; size: string; start: Date; end: Date | null },
  ): Promise<LockerRow[]>;
  /** The earliest start from `from` on at which this size is free for the whole duration, if any. */
  earliestSlot(
    db: DbOrTx,
    site: SiteRow,
    size: string,
    from: Date,
    durationHours: number,
    now: Date,
  ): Promise<Date | null>;
}

/**
 * Public locker information (docs/lockers.md): sites with hours, type, online state and,
 * per size, how many lockers are free for the next hour (the shortest booking) and the prices.
 */
export function createLockerSitesService(deps: {
  db: Db;
  clock: Clock;
  offlineSeconds: number;
  occupancy: LockerOccupancy;
}) {
  const { db, clock } = deps;
  const { freeCounts, freeLockers, earliestSlot } = deps.occupancy;
  const online = (s: SiteRow, now: Date) =>
    s.lastHeartbeatAt !== null && now.getTime() - s.lastHeartbeatAt.getTime() < deps.offlineSeconds * 1000;

  async function build(rows: SiteRow[], now: Date): Promise<LockerSite[]> {
    const [sizes, rates, closed, counts] = await Promise.all([
      db.select().from(lockerSizes).orderBy(asc(lockerSizes.sort)),
      allRates(db),
      lockersService.closedSites(
        db,
        rows.map((r) => r.id),
      ),
      freeCounts(
        db,
        now,
        new Date(now.getTime() + HOUR),
        rows.map((r) => r.id),
      ),
    ]);
    return rows.map((s) => {
      const here = counts.get(s.id) ?? new Map();
      return {
        id: s.id,
        name: s.name,
        address: s.address,
        lat: s.lat,
        lng: s.lng,
        hours: { open: s.opensAt, close: s.closesAt },
        openNow: isOpenAt({ open: s.opensAt, close: s.closesAt }, now),
        type: s.type as LockerSite['type'],
        complexId: s.complexId,
        acceptsParcels: s.acceptsParcels,
        online: online(s, now),
        bookableOffline: bookableOffline(s.lastHeartbeatAt, now, deps.offlineSeconds),
        lastHeartbeatAt: s.lastHeartbeatAt?.toISOString() ?? null,
        closed: closed.has(s.id) ? closedOf(s) : null,
        sizes: sizes
          .filter((z) => here.has(z.code))
          .map((z) => {
            const c = here.get(z.code)!;
            const r = rateIn(rates, s.type, z.code)!;
            return {
              size: z.code as LockerSite['sizes'][number]['size'],
              label: z.label,
              fits: z.fits,
              innerCm: { w: z.innerWidthCm, h: z.innerHeightCm, d: z.innerDepthCm },
              total: c.total,
              free: c.free,
              freeLow: c.freeLow,
              price: {
                firstHourPaise: r.firstHourPaise,
                extraHourPaise: r.extraHourPaise,
                dayCapPaise: r.dayCapPaise,
              },
            };
          }),
      };
    });
  }

  /**
   * A complex's own lockers are shown to its residents only (docs/lockers.md#complex-lockers); `viewer` is
   * the asking user's complex (null for anyone else, signed in or not).
   */
  const visible = (site: SiteRow, viewer: string | null) =>
    site.type !== 'complex_lockers' || (site.complexId !== null && site.complexId === viewer);

  async function siteOr404(siteId: string, viewer: string | null): Promise<SiteRow> {
    const site = await getSite(db, siteId);
    if (!site || !visible(site, viewer)) throw notFound('lockerSite');
    return site;
  }

  return {
    async list(viewer: string | null): Promise<{ sites: LockerSite[]; at: string }> {
      const now = clock.now();
      const rows = await db.select().from(lockerSites).orderBy(desc(lockerSites.type), asc(lockerSites.id));
      return {
        sites: await build(
          rows.filter((r) => visible(r, viewer)),
          now,
        ),
        at: now.toISOString(),
      };
    },

    async get(siteId: string, viewer: string | null): Promise<LockerSite> {
      const [site] = await build([await siteOr404(siteId, viewer)], clock.now());
      return site!;
    },

    /** Is this size free at this site for this start and duration? With the alternatives if not. */
    async availability(
      siteId: string,
      q: { size: string; durationHours: number; startAt?: string },
      viewer: string | null,
    ) {
      const now = clock.now();
      const site = await siteOr404(siteId, viewer);
      const start = q.startAt && new Date(q.startAt) > now ? new Date(q.startAt) : now;
      const end = new Date(start.getTime() + q.durationHours * HOUR);
      const here = (await freeCounts(db, start, end, [site.id])).get(site.id) ?? new Map();
      const free = (await freeLockers(db, { siteId: site.id, size: q.size, start, end })).length;
      const otherSizes = await otherSizesFree(db, {
        here,
        siteType: site.type,
        size: q.size,
        durationHours: q.durationHours,
        plan: null,
      });
      const later = free > 0 ? start : await earliestSlot(db, site, q.size, start, q.durationHours, now);
      return {
        siteId: site.id,
        size: q.size as (typeof LOCKER_SIZES)[number],
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
        free,
        available: free > 0,
        online: online(site, now),
        bookableOffline: bookableOffline(site.lastHeartbeatAt, now, deps.offlineSeconds),
        openAtStart: isOpenAt({ open: site.opensAt, close: site.closesAt }, start),
        otherSizes,
        earliestStartAt: later?.toISOString() ?? null,
      };
    },
  };
}

export type LockerSitesService = ReturnType<typeof createLockerSitesService>;

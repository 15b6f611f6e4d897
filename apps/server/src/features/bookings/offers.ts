import {
  greatCircleMetres,
  isOpenAt,
  LOCKER_RULES,
  type LOCKER_SIZES,
  type PlanAllowance,
} from '@petti/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { Localized } from '../../db/columns.ts';
import { allSites } from '../lockers/index.ts';
import { candidateStarts, freeCounts, freeLockers, otherSizesFree, type SiteRow } from './repo.ts';

const HOUR = 3_600_000;

export interface Offers {
  otherSizes: Array<{ size: (typeof LOCKER_SIZES)[number]; free: number; amountPaise: number }>;
  sameSizeLater: { startsAt: string; endsAt: string } | null;
  otherSites: Array<{ siteId: string; name: Localized; free: number }>;
}

/** May this user book at this site (public, or a complex site of the user's own complex)? */
export const mayUse = (site: Pick<SiteRow, 'type' | 'complexId'>, userComplexId: string | null) =>
  site.type !== 'complex_lockers' || (site.complexId !== null && site.complexId === userComplexId);

/**
 * The earliest start, from `from` on (within the booking horizon and the site's hours), at which a
 * locker of this size is free for the whole duration.
 */
export async function earliestSlot(
  db: DbOrTx,
  site: SiteRow,
  size: string,
  from: Date,
  durationHours: number,
  now: Date,
): Promise<Date | null> {
  const horizon = now.getTime() + LOCKER_RULES.maxStartAheadDays * 24 * HOUR;
  const candidates = await candidateStarts(db, site.id, size, from);
  for (const at of candidates.slice(0, 50)) {
    if (at.getTime() > horizon) break;
    if (!isOpenAt({ open: site.opensAt, close: site.closesAt }, at)) continue;
    const free = await freeLockers(db, {
      siteId: site.id,
      size,
      start: at,
      end: new Date(at.getTime() + durationHours * HOUR),
    });
    if (free.length) return at;
  }
  return null;
}

/** What to offer when the size asked for is full: other sizes here, this size later, this size elsewhere. */
export async function computeOffers(
  db: DbOrTx,
  q: {
    site: SiteRow;
    size: string;
    start: Date;
    durationHours: number;
    now: Date;
    plan: PlanAllowance | null;
    userComplexId: string | null;
    isOnline: (s: SiteRow) => boolean;
  },
): Promise<Offers> {
  const end = new Date(q.start.getTime() + q.durationHours * HOUR);
  const here = (await freeCounts(db, q.start, end, [q.site.id])).get(q.site.id) ?? new Map();
  const otherSizes = await otherSizesFree(db, {
    here,
    siteType: q.site.type,
    size: q.size,
    durationHours: q.durationHours,
    plan: q.plan,
  });
  const later = await earliestSlot(db, q.site, q.size, q.start, q.durationHours, q.now);
  const sameSizeLater = later
    ? {
        startsAt: later.toISOString(),
        endsAt: new Date(later.getTime() + q.durationHours * HOUR).toISOString(),
      }
    : null;

  const sites = (await allSites(db)).filter(
    (s) =>
      s.id !== q.site.id &&
      mayUse(s, q.userComplexId) &&
      q.isOnline(s) &&
      isOpenAt({ open: s.opensAt, close: s.closesAt }, q.now),
  );
  const nowEnd = new Date(q.now.getTime() + q.durationHours * HOUR);
  const counts = sites.length
    ? await freeCounts(
        db,
        q.now,
        nowEnd,
        sites.map((s) => s.id),
      )
    : new Map();
  const otherSites = sites
    .map((s) => ({ s, free: counts.get(s.id)?.get(q.size)?.free ?? 0 }))
    .filter((x) => x.free > 0)
    .sort((a, b) => greatCircleMetres(q.site, a.s) - greatCircleMetres(q.site, b.s))
    .slice(0, 3)
    .map(({ s, free }) => ({ siteId: s.id, name: s.name, free }));
  return { otherSizes, sameSizeLater, otherSites };
}

import { LOCKER_RULES, LOCKER_SIZES, type LockerRate, type PlanAllowance, quoteHours } from '@petti/shared';
import { and, asc, count, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { lockerPrices, lockerSites, lockers } from './schema.ts';

export type SiteRow = typeof lockerSites.$inferSelect;
export type LockerRow = typeof lockers.$inferSelect;

/**
 * True while something holds the locker whose id is `lockerId` at some moment of [start, end) (end
 * null = open-ended), leaving out the holder `except`. Lockers do not know what holds them; the
 * feature that books them says, so the free-locker queries below stay one query each.
 */
export type HeldPredicate = (lockerId: SQLWrapper, start: Date, end: Date | null, except?: string) => SQL;

const LOW_MAX_ROW = Math.max(...LOCKER_RULES.lowRows);

/**
 * Serialises every change to the lockers of one size at one site (allocation, extension, move,
 * waitlist offers, a door opening) for the rest of the transaction. The exclusion constraint on
 * bookings is the guarantee; this lock just makes "find a free locker, then take it" succeed at the
 * first try under concurrency.
 */
export async function lockSiteSize(tx: DbOrTx, siteId: string, size: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lockers:${siteId}:${size}`}))`);
}

export async function getSite(db: DbOrTx, siteId: string): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(lockerSites).where(eq(lockerSites.id, siteId));
  return row;
}

export async function allSites(db: DbOrTx): Promise<SiteRow[]> {
  return db.select().from(lockerSites);
}

export async function lockersByIds(db: DbOrTx, ids: readonly string[]): Promise<LockerRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(lockers)
    .where(inArray(lockers.id, [...ids]));
}

/** Lockers of this size in service at this site. */
export async function inServiceCount(db: DbOrTx, siteId: string, size: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lockers)
    .where(and(eq(lockers.siteId, siteId), eq(lockers.size, size), eq(lockers.inService, true)));
  return Number(row?.n ?? 0);
}

export async function getRate(db: DbOrTx, siteType: string, size: string): Promise<LockerRate> {
  const [row] = await db
    .select()
    .from(lockerPrices)
    .where(and(eq(lockerPrices.siteType, siteType), eq(lockerPrices.size, size)));
  if (!row) throw new Error(`no price for ${siteType} ${size}`);
  return row;
}

/** Every price, by site type and size (a handful of rows): read once, looked up with `rateIn`. */
export type Rates = ReadonlyMap<string, LockerRate>;
const rateKey = (siteType: string, size: string) => `${siteType}:${size}`;

export async function allRates(db: DbOrTx): Promise<Rates> {
  const rows = await db.select().from(lockerPrices);
  return new Map(rows.map((r) => [rateKey(r.siteType, r.size), r]));
}

/** The price of a size at a type of site; undefined when there is none. */
export const rateIn = (rates: Rates, siteType: string, size: string): LockerRate | undefined =>
  rates.get(rateKey(siteType, size));

/**
 * The sizes other than `size` with a locker free (`here`: one site's counts), each priced for the
 * duration, a plan's hours first. The prices are read once, and only when some size is free.
 */
export async function otherSizesFree(
  db: DbOrTx,
  q: {
    here: ReadonlyMap<string, SizeCount>;
    siteType: string;
    size: string;
    durationHours: number;
    plan: PlanAllowance | null;
  },
): Promise<Array<{ size: (typeof LOCKER_SIZES)[number]; free: number; amountPaise: number }>> {
  const sizes = LOCKER_SIZES.filter((z) => z !== q.size && (q.here.get(z)?.free ?? 0) > 0);
  if (!sizes.length) return [];
  const rates = await allRates(db);
  return sizes.map((size) => {
    const rate = rateIn(rates, q.siteType, size);
    if (!rate) throw new Error(`no price for ${q.siteType} ${size}`);
    return {
      size,
      free: q.here.get(size)!.free,
      amountPaise: quoteHours(rate, size, 0, q.durationHours, q.plan).amountPaise,
    };
  });
}

/**
 * Lockers of a size at a site free for the whole of [start, end) (end null = open-ended), best first:
 * with `preferLow` the low rows first; otherwise the low rows last, kept for those who need them.
 */
export async function freeLockers(
  db: DbOrTx,
  held: HeldPredicate,
  q: { siteId: string; size: string; start: Date; end: Date | null; preferLow?: boolean; except?: string },
): Promise<LockerRow[]> {
  const lowFirst = q.preferLow ? 0 : 1;
  return db
    .select()
    .from(lockers)
    .where(
      and(
        eq(lockers.siteId, q.siteId),
        eq(lockers.size, q.size),
        eq(lockers.inService, true),
        sql`not ${held(lockers.id, q.start, q.end, q.except)}`,
      ),
    )
    .orderBy(
      sql`case when ${lockers.row} <= ${LOW_MAX_ROW} then ${lowFirst} else ${1 - lowFirst} end`,
      asc(lockers.row),
      asc(lockers.id),
    );
}

export interface SizeCount {
  total: number;
  free: number;
  freeLow: number;
}

/** Per site and size: lockers in service, and how many are free for [start, end). */
export async function freeCounts(
  db: DbOrTx,
  held: HeldPredicate,
  start: Date,
  end: Date | null,
  siteIds?: string[],
): Promise<Map<string, Map<string, SizeCount>>> {
  const free = sql`not ${held(lockers.id, start, end)}`;
  const rows = await db
    .select({
      siteId: lockers.siteId,
      size: lockers.size,
      total: sql<number>`count(*)::int`,
      free: sql<number>`(count(*) filter (where ${free}))::int`,
      freeLow: sql<number>`(count(*) filter (where ${free} and ${lockers.row} <= ${LOW_MAX_ROW}))::int`,
    })
    .from(lockers)
    .where(and(eq(lockers.inService, true), siteIds ? inArray(lockers.siteId, siteIds) : undefined))
    .groupBy(lockers.siteId, lockers.size);
  const out = new Map<string, Map<string, SizeCount>>();
  for (const r of rows) {
    const site = out.get(r.siteId) ?? new Map<string, SizeCount>();
    out.set(r.siteId, site);
    site.set(r.size, { total: Number(r.total), free: Number(r.free), freeLow: Number(r.freeLow) });
  }
  return out;
}

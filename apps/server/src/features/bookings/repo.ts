import { LOCKER_HOLDING_STATES, LOCKER_RULES, type LockerRate } from '@petti/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { lockerPrices, lockerSites, lockers } from '../lockers/schema.ts';
import { bookings } from './schema.ts';

export type SiteRow = typeof lockerSites.$inferSelect;
export type LockerRow = typeof lockers.$inferSelect;

const HOLDING = sql.raw(LOCKER_HOLDING_STATES.map((s) => `'${s}'`).join(','));
const LOW_MAX_ROW = Math.max(...LOCKER_RULES.lowRows);

const range = (start: Date, end: Date | null) =>
  sql`tstzrange(${start.toISOString()}::timestamptz, ${end ? end.toISOString() : null}::timestamptz, '[)')`;

/** True while a live booking other than `except` holds this locker at any moment of [start, end). */
const busy = (start: Date, end: Date | null, except?: string) =>
  sql`exists (select 1 from bookings b where b.locker_id = ${lockers.id} and b.state in (${HOLDING})
      and b.during && ${range(start, end)}${except ? sql` and b.id <> ${except}` : sql``})`;

/**
 * Serialises every change to the lockers of one size at one site (allocation, extension, move,
 * waitlist offers) for the rest of the transaction. The exclusion constraint is the guarantee; this
 * lock just makes "find a free locker, then take it" succeed at the first try under concurrency.
 */
export async function lockSiteSize(tx: DbOrTx, siteId: string, size: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lockers:${siteId}:${size}`}))`);
}

export async function getSite(db: DbOrTx, siteId: string): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(lockerSites).where(eq(lockerSites.id, siteId));
  return row;
}

export async function getRate(db: DbOrTx, siteType: string, size: string): Promise<LockerRate> {
  const [row] = await db
    .select()
    .from(lockerPrices)
    .where(and(eq(lockerPrices.siteType, siteType), eq(lockerPrices.size, size)));
  if (!row) throw new Error(`no price for ${siteType} ${size}`);
  return row;
}

export async function allRates(db: DbOrTx): Promise<Map<string, LockerRate>> {
  const rows = await db.select().from(lockerPrices);
  return new Map(rows.map((r) => [`${r.siteType}:${r.size}`, r]));
}

/**
 * Lockers of a size at a site free for the whole of [start, end) (end null = open-ended), best first:
 * with `preferLow` the low rows first; otherwise the low rows last, kept for those who need them.
 */
export async function freeLockers(
  db: DbOrTx,
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
        sql`not ${busy(q.start, q.end, q.except)}`,
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
  start: Date,
  end: Date | null,
  siteIds?: string[],
): Promise<Map<string, Map<string, SizeCount>>> {
  const free = sql`not ${busy(start, end)}`;
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

/**
 * Times from `from` on at which a locker of this size might free up: `from` itself and the ends of
 * the live bookings there. The earliest slot is at one of them.
 */
export async function candidateStarts(db: DbOrTx, siteId: string, size: string, from: Date): Promise<Date[]> {
  const rows = await db
    .selectDistinct({ at: bookings.occupiedUntil })
    .from(bookings)
    .where(
      and(
        eq(bookings.siteId, siteId),
        eq(bookings.size, size),
        inArray(bookings.state, [...LOCKER_HOLDING_STATES]),
        sql`${bookings.occupiedUntil} > ${from.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(bookings.occupiedUntil))
    .limit(100);
  return [from, ...rows.map((r) => r.at!).filter(Boolean)];
}

/** Bookings a user has in progress (waitlist included). */
export async function liveBookingCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(eq(bookings.userId, userId), inArray(bookings.state, [...LOCKER_HOLDING_STATES, 'waitlisted'])),
    );
  return Number(row?.n ?? 0);
}

import { NOT_FOUND } from '@petti/shared';
import type { LatLng } from '@petti/shared/rules/geo';
import type {
  Seller,
  SellerApplication,
  SellerApplicationBody,
  SellerListQuery,
  SellerPage,
} from '@petti/shared/schemas/catalog';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type Params, prepared } from '../../db/prepared.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DistanceProvider } from '../../platform/distance/distance-provider.ts';
import { createEmbeddedDistance } from '../../platform/distance/embedded-distance.ts';
import { newId } from '../../platform/ids.ts';
import { keptRows } from '../../platform/read-cache/kept-rows.ts';
import { categoryById, categoryCounts, sellsSomething, toCategory } from '../catalog/index.ts';
import { sellerApplications, sellers } from './schema.ts';
import { type SellerRow, toSeller } from './views.ts';

/** Postgres' unique-violation code, as both drivers report it. */
const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** The channel the shops' trigger notifies (migration 0023). */
const SELLERS_CHANGED = 'sellers_changed';

// Read by every order's checks: built once (db/prepared.ts), one text whatever the number of ids.
const sellersById = prepared((q, v: Params<{ ids: string[] }>) =>
  q.select().from(sellers).where(sql`${sellers.id} = any(${v.ids})`),
);

/** Seller rows by id, for other features' checks and views. */
export async function sellerRows(q: DbOrTx, ids: readonly string[]): Promise<SellerRow[]> {
  if (ids.length === 0) return [];
  return sellersById(q, { ids: [...ids] });
}

/** Sellers (public: lists, landing pages) and become-a-seller applications. */
export function createSellersService(deps: {
  db: Db;
  clock: Clock;
  distance: DistanceProvider;
  log: Logger;
  /** Word of committed changes, for the shops' rows kept in memory. */
  changes: ChangeFeed;
}) {
  const { db, clock, distance, log } = deps;
  const estimate = createEmbeddedDistance();
  // Every order reads its shop's row (hours, modes, range, name): kept until the shops change.
  // Shops change only through setHours below (and the seed), never inside a transaction that reads them.
  const kept = keptRows<SellerRow>({
    feed: deps.changes,
    channel: SELLERS_CHANGED,
    maxEntries: 1000,
    read: sellerRows,
  });

  /**
   * Road metres from a point to each seller. Browsing must not break when a road-distance service
   * does: on failure the list falls back to the embedded estimate (the order's range check does not).
   */
  async function distancesFrom(point: LatLng, rows: SellerRow[]): Promise<number[]> {
    const one = (r: SellerRow) =>
      distance.drivingMetres({ lat: r.lat, lng: r.lng }, point).catch(async (err: unknown) => {
        log.warn({ err, sellerId: r.id }, 'distance provider failed; showing the estimate');
        return estimate.drivingMetres({ lat: r.lat, lng: r.lng }, point);
      });
    return Promise.all(rows.map(one));
  }

  return {
    async list(query: SellerListQuery): Promise<Seller[]> {
      // A shop an operator switched off is not offered (docs/shops.md#roles), nor one just approved
      // with nothing in its catalogue yet.
      const where: SQL[] = [eq(sellers.active, true), sellsSomething(sellers.id)];
      if (query.categoryId) where.push(eq(sellers.categoryId, query.categoryId));
      if (query.mode) where.push(sql`${query.mode} = any(${sellers.modes})`);
      const rows = await db
        .select()
        .from(sellers)
        .where(where.length ? and(...where) : undefined)
        .orderBy(asc(sellers.brandName));
      const now = clock.now();
      if (query.lat === undefined || query.lng === undefined) return rows.map((r) => toSeller(r, now));
      const metres = await distancesFrom({ lat: query.lat, lng: query.lng }, rows);
      const list = rows.map((r, i) => toSeller(r, now, metres[i]!));
      return list
        .filter((s) => !query.inRange || s.inRange)
        .sort((a, b) => a.distanceM! - b.distanceM! || a.brandName.localeCompare(b.brandName));
    },

    /** The public landing page of one seller. */
    async page(id: string, point?: LatLng): Promise<SellerPage> {
      const [row] = await db.select().from(sellers).where(eq(sellers.id, id));
      if (!row) throw notFound('seller');
      const metres = point ? (await distancesFrom(point, [row]))[0]! : null;
      const category = await categoryById(db, row.categoryId);
      const counts = await categoryCounts(db, id);
      return {
        seller: toSeller(row, clock.now(), metres),
        category: category ? toCategory(category) : null,
        categories: counts.map((c) => ({ ...toCategory(c.category), productCount: c.productCount })),
        productCount: counts.reduce((n, c) => n + c.productCount, 0),
      };
    },

    /** The seller row (the cart and orders read range, position and hours from it). */
    async findRow(id: string, q: DbOrTx = db): Promise<SellerRow | undefined> {
      const [row] = await q.select().from(sellers).where(eq(sellers.id, id));
      return row;
    },

    /** The ops API sets a shop's opening hours (town time, HH:MM); null for an unknown shop. */
    async setHours(id: string, hours: { open: string; close: string }): Promise<Seller | null> {
      const [row] = await db
        .update(sellers)
        .set({ opensAt: hours.open, closesAt: hours.close })
        .where(eq(sellers.id, id))
        .returning();
      // This process's next order sees the new hours before the notification arrives.
      kept.forget();
      return row ? toSeller(row, clock.now()) : null;
    },

    /** This process's next read sees a change made elsewhere in this feature (a shop approved, switched off). */
    forget: () => kept.forget(),

    /** Seller rows by id, for other features' checks and views (kept in memory; see above). */
    rows: (q: DbOrTx, ids: readonly string[]): Promise<SellerRow[]> =>
      ids.length === 0 ? Promise.resolve([]) : kept.get(q, ids),

    /** Stores a become-a-seller application; the same phone twice is refused politely. */
    async apply(body: SellerApplicationBody): Promise<SellerApplication> {
      const category = await categoryById(db, body.categoryId);
      if (!category) {
        // A category the catalogue does not hold is a missing thing, not a malformed field.
        throw new AppError('ResourceNotFound', NOT_FOUND.category.en, {
          details: { thing: 'category', field: 'body.categoryId' },
        });
      }
      const id = newId();
      const now = clock.now();
      try {
        await db.insert(sellerApplications).values({
          id,
          brandName: body.brandName,
          ownerName: body.ownerName,
          phone: body.phone,
          email: body.email ?? null,
          website: body.website ?? null,
          categoryId: body.categoryId,
          address: body.address,
          lat: body.lat ?? null,
          lng: body.lng ?? null,
          modes: body.modes,
          message: body.message ?? null,
          createdAt: now,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('SellerApplicationExists');
        throw err;
      }
      return { id, status: 'received', createdAt: now.toISOString() };
    },
  };
}

export type SellersService = ReturnType<typeof createSellersService>;

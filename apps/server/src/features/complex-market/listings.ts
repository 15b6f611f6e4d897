import { EVENTS } from '@petti/shared';
import {
  LISTING_ID_PREFIX,
  type Listing,
  type ListingInput,
  type ListingPatch,
  type ListingQuery,
} from '@petti/shared/schemas/complex';
import { and, desc, eq, gt, ilike, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sideBySide } from '../../db/together.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import { newId } from '../../platform/ids.ts';
import { categoryById, likePattern } from '../catalog/index.ts';
import type { Member } from '../complex/index.ts';
import { usersService } from '../users/index.ts';
import type { MarketDeps } from './deps.ts';
import { storePhoto } from './photos.ts';
import { complexListings, complexPhotos, type ListingRow, listingReports } from './schema.ts';
import { type People, toListing } from './views.ts';

/** A complex's home shows this many of the newest listings; search narrows it. */
const LIST_LIMIT = 60;

/** Validation refusal naming the field, in the shape the app shows beside it. */
const fieldError = (field: string, message: string) =>
  new AppError('Validation', `body.${field}: ${message}`, { details: { field: `body.${field}` } });

/** Residents' listings (docs/complex.md#listings): only members see or change their complex's. */
export function createListings(deps: MarketDeps) {
  const { db, clock, membership, transactor } = deps;

  async function people(q: DbOrTx, ids: string[]): Promise<People> {
    const [names, flats] = await sideBySide([
      () => usersService.contacts(q, ids),
      () => membership.flatsOf(q, ids),
    ] as const);
    return { names, flats };
  }

  async function views(q: DbOrTx, rows: ListingRow[], viewerId: string): Promise<Listing[]> {
    const p = await people(
      q,
      rows.map((r) => r.sellerId),
    );
    return rows.map((r) => toListing(r, p, viewerId));
  }

  /** A listing of the member's own complex; another complex's is "not found" (its existence is not told). */
  async function ofComplex(q: DbOrTx, member: Member, id: string, lock = false): Promise<ListingRow> {
    const base = q.select().from(complexListings).where(eq(complexListings.id, id));
    const [row] = lock ? await base.for('update') : await base;
    if (!row || row.complexId !== member.complexId) throw notFound('listing');
    return row;
  }

  async function own(q: DbOrTx, userId: string, id: string): Promise<{ member: Member; row: ListingRow }> {
    const member = await membership.requireMember(q, userId);
    const row = await ofComplex(q, member, id, true);
    if (row.sellerId !== userId) throw new AppError('Forbidden', 'Only the seller can change this listing.');
    return { member, row };
  }

  async function checkCategory(q: DbOrTx, categoryId: string | undefined) {
    if (categoryId !== undefined && !(await categoryById(q, categoryId)))
      throw fieldError('categoryId', 'Choose a category from the list.');
  }

  /** The photos named must be the seller's own uploads, not on another listing. */
  async function attachPhotos(q: DbOrTx, userId: string, listingId: string, photoIds: string[]) {
    if (new Set(photoIds).size !== photoIds.length) throw fieldError('photoIds', 'A photo is listed twice.');
    if (!photoIds.length) return;
    const rows = await q
      .select()
      .from(complexPhotos)
      .where(inArray(complexPhotos.id, photoIds))
      .for('update');
    const usable = rows.filter(
      (p) => p.ownerId === userId && (p.listingId === null || p.listingId === listingId),
    );
    if (usable.length !== photoIds.length)
      throw fieldError('photoIds', 'A photo was not found. Add it again.');
    await q.update(complexPhotos).set({ listingId }).where(inArray(complexPhotos.id, photoIds));
  }

  async function tellSeller(fx: Effects, row: ListingRow, text: { en: string; ta: string }) {
    await deps.userEvents.emit(fx, {
      userId: row.sellerId,
      event: EVENTS.complexListingChanged,
      data: { id: row.id, status: row.status, hidden: row.hiddenAt !== null, quantity: row.quantity },
      text,
    });
  }

  // A seller who leaves (or moves, or is removed) can no longer hand things over there: their listings
  // still on sale are paused, so nobody pays for them; orders already paid go on as they were.
  membership.onLeft(async (fx, { userId, complexId }) => {
    const paused = await fx.tx
      .update(complexListings)
      .set({ status: 'paused', updatedAt: clock.now() })
      .where(
        and(
          eq(complexListings.sellerId, userId),
          eq(complexListings.complexId, complexId),
          eq(complexListings.status, 'active'),
        ),
      )
      .returning();
    for (const row of paused) {
      await tellSeller(fx, row, {
        en: `“${row.title}” is paused: you are no longer a member of that complex.`,
        ta: `“${row.title}” நிறுத்தப்பட்டது: நீங்கள் இனி அந்தக் குடியிருப்பின் உறுப்பினர் அல்ல.`,
      });
    }
  });

  const listings = {
    views,
    tellSeller,

    async uploadPhoto(userId: string, body: Buffer) {
      await membership.requireMember(db, userId);
      const id = newId();
      const photo = await storePhoto(deps.storage, id, body);
      await db.insert(complexPhotos).values({ id, ownerId: userId, createdAt: clock.now() });
      return photo;
    },

    /** The complex's home and its search: active, not hidden, something left; newest first. */
    async list(userId: string, query: ListingQuery): Promise<Listing[]> {
      const member = await membership.requireMember(db, userId);
      const q = query.q?.trim();
      const rows = await db
        .select()
        .from(complexListings)
        .where(
          and(
            eq(complexListings.complexId, member.complexId),
            eq(complexListings.status, 'active'),
            isNull(complexListings.hiddenAt),
            gt(complexListings.quantity, 0),
            query.categoryId ? eq(complexListings.categoryId, query.categoryId) : undefined,
            q
              ? or(
                  ilike(complexListings.title, likePattern(q)),
                  ilike(complexListings.description, likePattern(q)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(complexListings.createdAt))
        .limit(LIST_LIMIT);
      return views(db, rows, userId);
    },

    /** One listing; a hidden or delisted one only for its seller and the complex's admin. */
    async get(userId: string, id: string): Promise<Listing> {
      const member = await membership.requireMember(db, userId);
      const row = await ofComplex(db, member, id);
      const privileged = row.sellerId === userId || member.role === 'admin';
      if (!privileged && (row.hiddenAt || row.status === 'delisted')) throw notFound('listing');
      return (await views(db, [row], userId))[0]!;
    },

    async create(userId: string, input: ListingInput): Promise<Listing> {
      return transactor.run(async (tx) => {
        const member = await membership.requireMember(tx, userId);
        await checkCategory(tx, input.categoryId);
        const id = `${LISTING_ID_PREFIX}${newId()}`;
        const now = clock.now();
        // The listing row first (the photos point at it), then the photos: one transaction, all or nothing.
        const [row] = await tx
          .insert(complexListings)
          .values({
            id,
            complexId: member.complexId,
            sellerId: userId,
            title: input.title,
            description: input.description,
            categoryId: input.categoryId,
            pricePaise: input.pricePaise,
            quantity: input.quantity,
            condition: input.condition,
            handover: input.handover,
            hazardous: input.hazardous,
            status: 'active',
            photoIds: input.photoIds,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await attachPhotos(tx, userId, id, input.photoIds);
        return (await views(tx, [row!], userId))[0]!;
      });
    },

    async update(userId: string, id: string, patch: ListingPatch): Promise<Listing> {
      return transactor.run(async (tx) => {
        const { row } = await own(tx, userId, id);
        if (row.status === 'delisted')
          throw new AppError('Conflict', 'A delisted item cannot be changed. List it again.');
        await checkCategory(tx, patch.categoryId);
        const next = { ...row, ...patch };
        if (next.hazardous && next.handover.includes('complex_locker'))
          throw fieldError(
            'handover',
            'Fireworks, matches and other hazardous items are handed over in person only.',
          );
        if (patch.photoIds) {
          await tx.update(complexPhotos).set({ listingId: null }).where(eq(complexPhotos.listingId, id));
          await attachPhotos(tx, userId, id, patch.photoIds);
        }
        const { photoIds, ...fields } = patch;
        const [updated] = await tx
          .update(complexListings)
          .set({ ...fields, ...(photoIds ? { photoIds } : {}), updatedAt: clock.now() })
          .where(eq(complexListings.id, id))
          .returning();
        return (await views(tx, [updated!], userId))[0]!;
      });
    },

    /** The seller's own listings, every status, newest first. */
    async mine(userId: string): Promise<Listing[]> {
      await membership.requireMember(db, userId);
      const rows = await db
        .select()
        .from(complexListings)
        .where(eq(complexListings.sellerId, userId))
        .orderBy(desc(complexListings.createdAt));
      return views(db, rows, userId);
    },

    async report(userId: string, id: string, reason: string): Promise<void> {
      const member = await membership.requireMember(db, userId);
      const row = await ofComplex(db, member, id);
      if (row.sellerId === userId) throw new AppError('Forbidden', 'You cannot report your own listing.');
      await db
        .insert(listingReports)
        .values({ listingId: id, reporterId: userId, reason, createdAt: clock.now() })
        .onConflictDoNothing();
    },

    /** The admin's screen: listings of the complex with reports, most reported first. */
    async reported(userId: string) {
      const admin = await membership.requireAdmin(db, userId);
      const reports = await db
        .select()
        .from(listingReports)
        .innerJoin(complexListings, eq(complexListings.id, listingReports.listingId))
        .where(eq(complexListings.complexId, admin.complexId))
        .orderBy(desc(listingReports.createdAt));
      const byListing = new Map<
        string,
        { row: ListingRow; reports: Array<{ reason: string; createdAt: string }> }
      >();
      for (const r of reports) {
        const entry = byListing.get(r.complex_listings.id) ?? { row: r.complex_listings, reports: [] };
        entry.reports.push({
          reason: r.complex_listing_reports.reason,
          createdAt: r.complex_listing_reports.createdAt.toISOString(),
        });
        byListing.set(r.complex_listings.id, entry);
      }
      const entries = [...byListing.values()].sort((a, b) => b.reports.length - a.reports.length);
      const shown = await views(
        db,
        entries.map((e) => e.row),
        userId,
      );
      return entries.map((e, i) => ({ listing: shown[i]!, reports: e.reports }));
    },

    /** The admin (or an operator, `adminId` null) hides a listing from buyers, or shows it again. */
    async setHidden(adminId: string | null, id: string, hidden: boolean): Promise<Listing> {
      return transactor.run(async (tx, fx) => {
        const [row] = await tx.select().from(complexListings).where(eq(complexListings.id, id)).for('update');
        if (!row) throw notFound('listing');
        if (adminId) {
          const admin = await membership.requireAdmin(tx, adminId);
          if (admin.complexId !== row.complexId) throw notFound('listing');
        }
        if ((row.hiddenAt !== null) === hidden) return (await views(tx, [row], adminId ?? ''))[0]!;
        const [updated] = await tx
          .update(complexListings)
          .set({ hiddenAt: hidden ? clock.now() : null, updatedAt: clock.now() })
          .where(eq(complexListings.id, id))
          .returning();
        await tellSeller(
          fx,
          updated!,
          hidden
            ? {
                en: `Your listing “${row.title}” was hidden by the complex's admin after a report.`,
                ta: `புகார் காரணமாக உங்கள் “${row.title}” பட்டியலைக் குடியிருப்பின் நிர்வாகி மறைத்துள்ளார்.`,
              }
            : {
                en: `Your listing “${row.title}” is shown to your neighbours again.`,
                ta: `உங்கள் “${row.title}” பட்டியல் மீண்டும் அண்டை வீட்டாருக்குக் காட்டப்படுகிறது.`,
              },
        );
        return (await views(tx, [updated!], adminId ?? ''))[0]!;
      });
    },
  };
  return listings;
}

export type Listings = ReturnType<typeof createListings>;

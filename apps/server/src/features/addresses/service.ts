import {
  type Address,
  type AddressBody,
  type AddressPatchBody,
  MAX_ADDRESSES,
} from '@petti/shared/schemas/addresses';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import { addresses } from './schema.ts';
import { type AddressRow, toAddress } from './views.ts';

/**
 * Saved delivery addresses (docs/marketplace.md): pins inside the town (checked by the shared
 * schemas), exactly one default while any exist. Changes to one user's list are serialised with an
 * advisory lock so two tabs can never leave two defaults or none.
 */
export function createAddressesService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  const lockUser = (tx: Tx, userId: string) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);

  async function own(q: DbOrTx, userId: string, id: string): Promise<AddressRow> {
    const [row] = await q
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!row) throw notFound('address');
    return row;
  }

  async function setDefault(tx: Tx, userId: string, id: string): Promise<void> {
    await tx
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.userId, userId), ne(addresses.id, id), eq(addresses.isDefault, true)));
    await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
  }

  return {
    /**
     * An address as an order keeps it (a copy: later edits or deletion do not change the order),
     * or null when the user has no such address.
     */
    async snapshot(q: DbOrTx, userId: string, addressId: string) {
      const [a] = await q
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
      if (!a) return null;
      return {
        id: a.id,
        label: a.label,
        line1: a.line1,
        line2: a.line2,
        landmark: a.landmark,
        lat: a.lat,
        lng: a.lng,
      };
    },

    /** Account deletion: every saved address goes, in the caller's transaction. */
    async deleteAllFor(tx: DbOrTx, userId: string): Promise<void> {
      await tx.delete(addresses).where(eq(addresses.userId, userId));
    },

    /** Default first, then oldest first. */
    async list(userId: string): Promise<Address[]> {
      const rows = await db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id));
      return rows.map(toAddress);
    },

    /** One of the user's addresses (orders read it to deliver and to check the range). */
    get: (userId: string, id: string, q: DbOrTx = db) => own(q, userId, id).then(toAddress),

    async create(userId: string, body: AddressBody): Promise<Address> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [{ n } = { n: 0 }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(addresses)
          .where(eq(addresses.userId, userId));
        if (n >= MAX_ADDRESSES) throw new AppError('AddressLimitReached');
        const id = newId();
        await tx.insert(addresses).values({
          id,
          userId,
          label: body.label,
          line1: body.line1,
          line2: body.line2,
          landmark: body.landmark,
          lat: body.lat,
          lng: body.lng,
          isDefault: false,
          createdAt: clock.now(),
        });
        // The first address is the default; a new one becomes it when asked.
        if (n === 0 || body.isDefault) await setDefault(tx, userId, id);
        return toAddress(await own(tx, userId, id));
      });
    },

    async update(userId: string, id: string, patch: AddressPatchBody): Promise<Address> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        await own(tx, userId, id);
        const { isDefault, ...fields } = patch;
        const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
        if (Object.keys(set).length > 0) await tx.update(addresses).set(set).where(eq(addresses.id, id));
        if (isDefault) await setDefault(tx, userId, id);
        return toAddress(await own(tx, userId, id));
      });
    },

    async makeDefault(userId: string, id: string): Promise<Address> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        await own(tx, userId, id);
        await setDefault(tx, userId, id);
        return toAddress(await own(tx, userId, id));
      });
    },

    /** Deleting the default hands the role to the oldest address left. */
    async remove(userId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const row = await own(tx, userId, id);
        await tx.delete(addresses).where(eq(addresses.id, id));
        if (!row.isDefault) return;
        const [next] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(eq(addresses.userId, userId))
          .orderBy(asc(addresses.createdAt), asc(addresses.id))
          .limit(1);
        if (next) await setDefault(tx, userId, next.id);
      });
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;

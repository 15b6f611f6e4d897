import { EVENTS } from '@petti/shared';
import { isShopOpenAt } from '@petti/shared/rules/shop-hours';
import type { MyShops, ShopMember, ShopRole, ShopSummary } from '@petti/shared/schemas/shops';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import type { UserEvents } from '../../platform/events/user-events.ts';
import { usersService } from '../users/index.ts';
import { type ShopMemberRow, sellers, shopMembers } from './schema.ts';
import { type SellerRow, scheduleOf } from './views.ts';

/** Someone's place in a shop, as a shop route's guard found it. */
export interface ShopMembership {
  shopId: string;
  userId: string;
  phone: string;
  /** Their name as the shop's timeline shows it (their account's name, else their number). */
  name: string;
  role: ShopRole;
  shop: SellerRow;
}

export function toShopSummary(row: SellerRow, now: Date): ShopSummary {
  return {
    id: row.id,
    brandName: row.brandName,
    brandNameTa: row.brandNameTa,
    opensAt: row.opensAt,
    closesAt: row.closesAt,
    isOpen: isShopOpenAt(scheduleOf(row), now),
    active: row.active,
    modes: row.modes,
  };
}

/**
 * Who works in which shop (docs/shops.md#roles). Rows are keyed by phone; a person is the account with
 * that number. Every shop route asks `require` on every request, so removing a row takes effect on the
 * very next one.
 */
export function createShopMembers(deps: {
  db: Db;
  clock: Clock;
  transactor: Transactor;
  userEvents: UserEvents;
  /** Forget the shops' rows kept in memory (a shop switched on or off). */
  forgetSellers: () => void;
  /**
   * After a removal has committed: drop that person's live connections, so the shop's topic they were
   * let into is asked for again, and refused (docs/shops.md#live-updates).
   */
  dropLiveConnections?: (userIds: string[]) => Promise<void>;
}) {
  const { db, clock, transactor, userEvents } = deps;

  async function phoneOf(q: DbOrTx, userId: string): Promise<{ phone: string; name: string | null } | null> {
    const user = await usersService.findById(q, userId);
    return user?.phone ? { phone: user.phone, name: user.name } : null;
  }

  /** Tells a member's devices their place changed (the app reloads its shops and leaves a shop it lost). */
  async function tellMember(
    q: DbOrTx,
    fx: Parameters<UserEvents['emit']>[0],
    shopId: string,
    phone: string,
    role: ShopRole | null,
  ) {
    const user = await usersService.findByPhone(q, phone);
    if (!user) return;
    await userEvents.emit(fx, {
      userId: user.id,
      event: EVENTS.shopMembershipChanged,
      data: { id: shopId, shopId, role },
      text:
        role === null
          ? { en: 'You were removed from a shop.', ta: 'நீங்கள் ஒரு கடையிலிருந்து நீக்கப்பட்டீர்கள்.' }
          : { en: 'You were added to a shop.', ta: 'நீங்கள் ஒரு கடையில் சேர்க்கப்பட்டீர்கள்.' },
    });
  }

  const members = {
    /**
     * The caller's place in the shop, or a refusal: not a member (403 `NotShopMember`, also for a shop
     * that does not exist, so nobody learns which ids are shops through this), not an owner where
     * `roles` asks for one (403 `ShopOwnerOnly`).
     */
    async require(
      userId: string,
      shopId: string,
      roles: readonly ShopRole[] = ['owner', 'staff'],
    ): Promise<ShopMembership> {
      const who = await phoneOf(db, userId);
      if (!who) throw new AppError('NotShopMember');
      const [row] = await db
        .select({ member: shopMembers, shop: sellers })
        .from(shopMembers)
        .innerJoin(sellers, eq(sellers.id, shopMembers.shopId))
        .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.phone, who.phone)));
      if (!row) throw new AppError('NotShopMember');
      if (!roles.includes(row.member.role)) throw new AppError('ShopOwnerOnly');
      return {
        shopId,
        userId,
        phone: who.phone,
        name: who.name ?? `+${who.phone}`,
        role: row.member.role,
        shop: row.shop,
      };
    },

    /** The shops the caller works in, for the picker and the profile menu. */
    async mine(userId: string): Promise<MyShops> {
      const who = await phoneOf(db, userId);
      if (!who) return { shops: [], operator: false };
      const operator = await usersService.isOperator(db, userId);
      const rows = await db
        .select({ role: shopMembers.role, shop: sellers })
        .from(shopMembers)
        .innerJoin(sellers, eq(sellers.id, shopMembers.shopId))
        .where(eq(shopMembers.phone, who.phone))
        .orderBy(asc(sellers.brandName));
      const now = clock.now();
      return { shops: rows.map((r) => ({ role: r.role, shop: toShopSummary(r.shop, now) })), operator };
    },

    async list(shopId: string): Promise<ShopMember[]> {
      const rows = await db
        .select()
        .from(shopMembers)
        .where(eq(shopMembers.shopId, shopId))
        .orderBy(sql`${shopMembers.role} = 'staff'`, asc(shopMembers.addedAt));
      const people = await usersService.byPhones(
        db,
        rows.map((r) => r.phone),
      );
      return rows.map((r) => view(r, people.get(r.phone)?.name ?? null, people.has(r.phone)));
    },

    /** The owner adds someone by phone; the same number twice is refused. */
    async add(
      by: Pick<ShopMembership, 'shopId' | 'userId'>,
      body: { phone: string; role: ShopRole },
    ): Promise<ShopMember> {
      const now = clock.now();
      const row = await transactor.run(async (tx, fx) => {
        const [shop] = await tx.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, by.shopId));
        if (!shop) throw notFound('shop');
        const [added] = await tx
          .insert(shopMembers)
          .values({ shopId: by.shopId, phone: body.phone, role: body.role, addedAt: now, addedBy: by.userId })
          .onConflictDoNothing()
          .returning();
        if (!added) throw new AppError('ShopMemberExists');
        await tellMember(tx, fx, by.shopId, body.phone, body.role);
        return added;
      });
      const person = await usersService.findByPhone(db, row.phone);
      return view(row, person?.name ?? null, Boolean(person));
    },

    /**
     * The owner removes someone (themselves too, while another owner stays). Their next request to the
     * shop is refused, and the shop's live updates stop reaching them (docs/shops.md#live-updates).
     */
    async remove(by: Pick<ShopMembership, 'shopId'>, phone: string): Promise<void> {
      const removed = await transactor.run(async (tx, fx) => {
        // Owners locked first, so two owners removing each other at once cannot leave none.
        const owners = await tx
          .select()
          .from(shopMembers)
          .where(and(eq(shopMembers.shopId, by.shopId), eq(shopMembers.role, 'owner')))
          .for('update');
        const [gone] = await tx
          .delete(shopMembers)
          .where(and(eq(shopMembers.shopId, by.shopId), eq(shopMembers.phone, phone)))
          .returning();
        if (!gone) throw notFound('member');
        if (gone.role === 'owner' && owners.length <= 1) throw new AppError('LastShopOwner');
        await tellMember(tx, fx, by.shopId, phone, null);
        return usersService.findByPhone(tx, phone);
      });
      if (removed) await deps.dropLiveConnections?.([removed.id]);
    },

    /** Whether this account works in this shop now (the broker's check for the shop's topic). */
    async isMember(userId: string, shopId: string): Promise<boolean> {
      const who = await phoneOf(db, userId);
      if (!who) return false;
      const [row] = await db
        .select({ role: shopMembers.role })
        .from(shopMembers)
        .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.phone, who.phone)));
      return Boolean(row);
    },

    /** The accounts that hear a shop's live updates: every member who has signed up. */
    async audience(q: DbOrTx, shopId: string): Promise<string[]> {
      const rows = await q
        .select({ phone: shopMembers.phone })
        .from(shopMembers)
        .where(eq(shopMembers.shopId, shopId));
      return usersService.idsByPhones(
        q,
        rows.map((r) => r.phone),
      );
    },

    /** Writes the first owner of a shop an approval just created (inside its transaction). */
    async addOwner(q: DbOrTx, shopId: string, phone: string, addedBy: string): Promise<void> {
      await q
        .insert(shopMembers)
        .values({ shopId, phone, role: 'owner', addedAt: clock.now(), addedBy })
        .onConflictDoNothing();
    },

    /** An operator switches a shop off (no orders, no steps) or on again. */
    async setActive(shopId: string, active: boolean): Promise<ShopSummary> {
      const [row] = await db.update(sellers).set({ active }).where(eq(sellers.id, shopId)).returning();
      if (!row) throw notFound('shop');
      deps.forgetSellers();
      return toShopSummary(row, clock.now());
    },
  };
  return members;
}

function view(r: ShopMemberRow, name: string | null, signedUp: boolean): ShopMember {
  return { phone: r.phone, name, role: r.role, addedAt: r.addedAt.toISOString(), signedUp };
}

export type ShopMembers = ReturnType<typeof createShopMembers>;

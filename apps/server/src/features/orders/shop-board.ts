import { isShopOpenAt } from '@petti/shared/rules/shop-hours';
import { canOrderTransition, type OrderState } from '@petti/shared/schemas/orders';
import {
  DELIVERY_CODE_TRIES,
  type RejectReason,
  SHOP_ORDER_STEPS,
  type ShopBoardLane,
  type ShopOrder,
  type ShopOrderList,
  type ShopOrderStep,
} from '@petti/shared/schemas/shops';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import { newId } from '../../platform/ids.ts';
import { REPLACED_PHOTO_KEPT_MS, schedulePhotoRemoval } from '../../platform/images/photo-removal.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { scheduleOf } from '../sellers/index.ts';
import { usersService } from '../users/index.ts';
import type { ShopActor } from './core.ts';
import type { OrdersDeps } from './deps.ts';
import type { defineCancelOrder } from './flows/cancel-order.ts';
import { assertNothingOffered, type ItemChanges } from './flows/item-changes.ts';
import { dropInLocker, newDeliveryCode } from './parcel-locker.ts';
import { proofKey, storeProofPhoto } from './proof-photos.ts';
import { type OrderRow, orderStateLog, orders } from './schema.ts';
import { stepNote, stepOf } from './step-notes.ts';
import { toOrders } from './views.ts';

/** The member of a shop a step is taken for (the shop routes' guard found them). */
export interface ShopCaller extends ShopActor {
  shopId: string;
}

const ACTIVE: OrderState[] = [
  'accepted',
  'packed',
  'out_for_delivery',
  'in_locker',
  'ready_for_pickup',
  'arrived',
];
const DONE: OrderState[] = ['delivered', 'collected', 'handed_over', 'cancelled', 'timed_out'];
/** The done lane shows what ended in the last day: the board is for today's work, history is elsewhere. */
const DONE_FOR_MS = 24 * 3600 * 1000;

/**
 * The shop's order board and the steps its members take (docs/shops.md#the-order-board). Every step
 * locks the order, checks it is this shop's, and records who took it, so two members acting at once
 * get one success and one answer saying who did it.
 */
export function createShopBoard(
  deps: OrdersDeps,
  env: {
    db: Db;
    transactor: Transactor;
    cancel: ReturnType<typeof defineCancelOrder>;
    items: ItemChanges;
    storage: FileStorage;
  },
) {
  const { core, clock } = deps;
  const { db, transactor } = env;

  async function toShopOrders(q: DbOrTx, rows: OrderRow[]): Promise<ShopOrder[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [views, log, buyers] = await Promise.all([
      toOrders(deps, q, rows),
      q
        .select()
        .from(orderStateLog)
        .where(inArray(orderStateLog.orderId, ids))
        .orderBy(asc(orderStateLog.seq)),
      usersService.contacts(
        q,
        rows.map((r) => r.userId),
      ),
    ]);
    return views.map((v, i) => {
      const buyer = buyers.get(rows[i]!.userId);
      return {
        ...v,
        buyer: { name: buyer?.name ?? '', phone: buyer?.phone ?? '' },
        // The code is the buyer's to tell at the door; the shop never reads it.
        deliveryCode: null,
        shopTimeline: log
          .filter((l) => l.orderId === v.id)
          .map((l, n, mine) => ({
            state: l.state,
            step: stepOf(l, mine[n - 1]?.state ?? null),
            at: l.at.toISOString(),
            note: l.note,
            by: l.by,
          })),
      };
    });
  }

  /**
   * Night orders of a shop that is open before the opening they were placed for (its owner opened
   * again today, or moved the hours) wait no more: they become orders for now (no `scheduledFor`), so
   * they show in New and may be accepted, and the buyer may come. Asked whenever the board is read.
   */
  async function openedEarly(q: DbOrTx, shopIds: readonly string[]): Promise<void> {
    const now = clock.now();
    const open = (await deps.sellers.rows(q, shopIds))
      .filter((r) => isShopOpenAt(scheduleOf(r), now))
      .map((r) => r.id);
    if (open.length === 0) return;
    await q
      .update(orders)
      .set({ scheduledFor: null, updatedAt: now })
      .where(and(inArray(orders.sellerId, open), eq(orders.state, 'placed'), gt(orders.scheduledFor, now)));
  }

  function laneWhere(shopId: string, lane: ShopBoardLane): SQL {
    const now = clock.now();
    const mine = eq(orders.sellerId, shopId);
    switch (lane) {
      case 'new':
        return and(
          mine,
          eq(orders.state, 'placed'),
          or(isNull(orders.scheduledFor), lte(orders.scheduledFor, now)),
        )!;
      case 'scheduled':
        return and(mine, eq(orders.state, 'placed'), gt(orders.scheduledFor, now))!;
      case 'active':
        return and(mine, inArray(orders.state, ACTIVE))!;
      case 'done':
        return and(
          mine,
          inArray(orders.state, DONE),
          gt(orders.updatedAt, new Date(now.getTime() - DONE_FOR_MS)),
        )!;
    }
  }

  /**
   * The step cannot be taken: someone else in the shop took it (or went past it), and the answer says
   * who and when; the same member tapping twice gets the order back as it is.
   */
  async function alreadyDone(
    tx: DbOrTx,
    o: OrderRow,
    to: OrderState,
    me: ShopCaller,
  ): Promise<ShopOrder | null> {
    const [entry] = await tx
      .select()
      .from(orderStateLog)
      .where(and(eq(orderStateLog.orderId, o.id), eq(orderStateLog.state, to)))
      .orderBy(desc(orderStateLog.seq))
      .limit(1);
    if (!entry) return null;
    if (entry.byUserId === me.userId) return (await toShopOrders(tx, [o]))[0]!;
    const who = entry.by ?? (entry.byUserId ? null : 'Petti');
    throw new AppError('OrderTakenByOther', who ? `${who} already did that.` : undefined, {
      details: { by: who, at: entry.at.toISOString(), state: o.state, step: to },
    });
  }

  async function lockMine(tx: Tx, shopId: string, id: string): Promise<OrderRow> {
    const o = await core.lockOrder(tx, id);
    // Another shop's order is not found: a member of one shop learns nothing of another's.
    if (!o || o.sellerId !== shopId || o.state === 'awaiting_payment') throw notFound('order');
    return o;
  }

  return {
    async board(
      shopId: string,
      query: { lane: ShopBoardLane; pageSize: number; after?: string },
    ): Promise<ShopOrderList> {
      await openedEarly(db, [shopId]);
      const where = laneWhere(shopId, query.lane);
      // New and scheduled orders oldest first (the one waiting longest on top); the rest newest first.
      const oldestFirst = query.lane === 'new' || query.lane === 'scheduled';
      const position = query.after
        ? sql`(${orders.createdAt}, ${orders.id}) ${sql.raw(oldestFirst ? '>' : '<')} (select o.created_at, o.id from ${orders} o where o.id = ${query.after})`
        : undefined;
      const rows = await db
        .select()
        .from(orders)
        .where(and(where, position))
        .orderBy(
          ...(oldestFirst
            ? [asc(orders.createdAt), asc(orders.id)]
            : [desc(orders.createdAt), desc(orders.id)]),
        )
        .limit(query.pageSize + 1);
      const hasMore = rows.length > query.pageSize;
      const shown = rows.slice(0, query.pageSize);
      return {
        items: await toShopOrders(db, shown),
        page: 1,
        pageSize: query.pageSize,
        total: null,
        hasMore,
        nextCursor: hasMore ? (shown.at(-1)?.id ?? null) : null,
      };
    },

    /**
     * The lanes of several shops in one answer, oldest first (the simulator's one look at every shop
     * it works in, docs/shops.md#the-simulator).
     */
    async forShops(
      shopIds: readonly string[],
      lanes: readonly ShopBoardLane[],
      pageSize: number,
    ): Promise<ShopOrderList> {
      if (shopIds.length === 0)
        return { items: [], page: 1, pageSize, total: null, hasMore: false, nextCursor: null };
      await openedEarly(db, shopIds);
      const where = or(...shopIds.flatMap((id) => lanes.map((lane) => laneWhere(id, lane))));
      const rows = await db
        .select()
        .from(orders)
        .where(where)
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(pageSize + 1);
      const shown = rows.slice(0, pageSize);
      return {
        items: await toShopOrders(db, shown),
        page: 1,
        pageSize,
        total: null,
        hasMore: rows.length > pageSize,
        nextCursor: null,
      };
    },

    async one(shopId: string, id: string): Promise<ShopOrder> {
      const [o] = await db.select().from(orders).where(eq(orders.id, id));
      if (!o || o.sellerId !== shopId || o.state === 'awaiting_payment') throw notFound('order');
      return (await toShopOrders(db, [o]))[0]!;
    },

    /** Accept with how long preparing takes: the buyer sees when it will be ready. */
    async accept(me: ShopCaller, id: string, prepMinutes: number): Promise<ShopOrder> {
      return transactor.run(async (tx, fx) => {
        const o = await lockMine(tx, me.shopId, id);
        if (o.state !== 'placed') {
          const done = await alreadyDone(tx, o, 'accepted', me);
          if (done) return done;
          throw new AppError('OrderStateInvalid', undefined, { details: { state: o.state, to: 'accepted' } });
        }
        if (o.scheduledFor && o.scheduledFor > clock.now()) {
          throw new AppError('OrderScheduled', undefined, {
            details: { scheduledFor: o.scheduledFor.toISOString() },
          });
        }
        const readyBy = new Date(clock.now().getTime() + prepMinutes * 60_000);
        const row = await core.transition(fx, o, 'accepted', {
          patch: { readyBy },
          note: `ready by ${readyBy.toISOString()}`,
          by: me,
          extra: { readyBy: readyBy.toISOString(), prepMinutes },
        });
        return (await toShopOrders(tx, [row]))[0]!;
      });
    },

    /** Turn an order down: cancelled, stock back and a full refund (the cancel flow). */
    async reject(me: ShopCaller, id: string, reason: RejectReason, note?: string): Promise<ShopOrder> {
      await env.cancel.run({ orderId: id, by: 'shop', shopId: me.shopId, actor: me, reason, note });
      return this.one(me.shopId, id);
    },

    /** An item is not there: (part of) a line marked missing and refunded (the item-unavailable flow). */
    async unavailable(me: ShopCaller, id: string, vrntId: string, quantity?: number): Promise<ShopOrder> {
      await env.items.missing.run({
        by: 'shop',
        orderId: id,
        shopId: me.shopId,
        actor: me,
        vrntId,
        quantity,
      });
      return this.one(me.shopId, id);
    },

    /** Offers a substitute from the shop's own shelf; the buyer answers in the app. */
    async substitute(
      me: ShopCaller,
      id: string,
      vrntId: string,
      body: { substituteVrntId: string; quantity?: number },
    ): Promise<ShopOrder> {
      return transactor.run(async (tx, fx) => {
        await env.items.offer(fx, { orderId: id, shopId: me.shopId, actor: me, vrntId, ...body });
        const [row] = await tx.select().from(orders).where(eq(orders.id, id));
        return (await toShopOrders(tx, [row!]))[0]!;
      });
    },

    /** Pack, dispatch, deliver, drop in the parcel locker, ready for pickup, hand over. */
    async step(
      me: ShopCaller,
      id: string,
      step: ShopOrderStep,
      body: { note?: string; code?: string } = {},
    ): Promise<ShopOrder> {
      const to = SHOP_ORDER_STEPS[step];
      const note = body.note;
      // A wrong delivery code is counted in a transaction that commits, then refused.
      let wrongCode: { left: number } | null = null;
      const done = await transactor.run(async (tx, fx) => {
        const o = await lockMine(tx, me.shopId, id);
        if (!canOrderTransition(o.state, to, o.deliveryType)) {
          const done = await alreadyDone(tx, o, to, me);
          if (done) return done;
          throw new AppError('OrderStateInvalid', undefined, {
            details: { state: o.state, to, deliveryType: o.deliveryType },
          });
        }
        if (to === 'packed') await assertNothingOffered(tx, o.id);
        if (to === 'delivered' && o.deliveryType === 'home' && !o.proofPhotoId) {
          if (o.deliveryCodeTries >= DELIVERY_CODE_TRIES) throw new AppError('DeliveryCodeLocked');
          if (!body.code) throw new AppError('DeliveryProofNeeded');
          if (body.code !== o.deliveryCode) {
            const tries = o.deliveryCodeTries + 1;
            await tx.update(orders).set({ deliveryCodeTries: tries }).where(eq(orders.id, o.id));
            wrongCode = { left: DELIVERY_CODE_TRIES - tries };
            return null;
          }
        }
        if (to === 'in_locker') {
          const row = await dropInLocker(core, deps.parcels, fx, o, { note, by: me });
          return (await toShopOrders(tx, [row]))[0]!;
        }
        const patch = to === 'out_for_delivery' ? { deliveryCode: newDeliveryCode() } : undefined;
        const row = await core.transition(fx, o, to, { patch, note: note ?? null, by: me });
        return (await toShopOrders(tx, [row]))[0]!;
      });
      if (wrongCode) {
        const { left } = wrongCode as { left: number };
        throw new AppError(left > 0 ? 'DeliveryCodeWrong' : 'DeliveryCodeLocked', undefined, {
          details: { attemptsLeft: left },
        });
      }
      return done!;
    },

    /**
     * The photo taken at the door (docs/shops.md#hand-over): stored first (no transaction is open
     * while files are written), then named on the order while it is still out for delivery. Files
     * nothing names are removed: the new ones at once if the order moved on meanwhile, a replaced
     * photo's a day later (as product photos, docs/pictures.md#removing-photos).
     */
    async proofPhoto(me: ShopCaller, id: string, body: Buffer): Promise<ShopOrder> {
      const [seen] = await db.select().from(orders).where(eq(orders.id, id));
      if (!seen || seen.sellerId !== me.shopId || seen.state === 'awaiting_payment') throw notFound('order');
      if (seen.state !== 'out_for_delivery' || seen.deliveryType !== 'home')
        throw new AppError('OrderStateInvalid', undefined, { details: { state: seen.state } });
      const photo = await storeProofPhoto(env.storage, newId(), body);
      try {
        return await transactor.run(async (tx) => {
          const o = await lockMine(tx, me.shopId, id);
          if (o.state !== 'out_for_delivery')
            throw new AppError('OrderStateInvalid', undefined, { details: { state: o.state } });
          const [row] = await tx
            .update(orders)
            .set({ proofPhotoId: photo.id, updatedAt: clock.now() })
            .where(eq(orders.id, o.id))
            .returning();
          const replaced = o.proofPhotoId;
          if (replaced)
            await schedulePhotoRemoval(
              tx,
              clock,
              (size) => proofKey(replaced, size),
              new Date(clock.now().getTime() + REPLACED_PHOTO_KEPT_MS),
            );
          await core.logState(tx, o.id, o.state, stepNote.proofPhoto(), me);
          return (await toShopOrders(tx, [row!]))[0]!;
        });
      } catch (err) {
        await schedulePhotoRemoval(db, clock, (size) => proofKey(photo.id, size), clock.now()).catch(
          () => {},
        );
        throw err;
      }
    },
  };
}

export type ShopBoard = ReturnType<typeof createShopBoard>;

import { EVENTS, type EventPayload, TOPICS } from '@petti/shared';
import { canOrderTransition, type OrderState } from '@petti/shared/schemas/orders';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { type Params, prepared } from '../../db/prepared.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EventOutbox } from '../../platform/events/outbox.ts';
import type { Effects, Transactor } from '../../platform/events/transactor.ts';
import { newId } from '../../platform/ids.ts';
import { schedule } from '../../platform/jobs/worker.ts';
import type { CatalogStock } from '../catalog/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { SellersService } from '../sellers/index.ts';
import { orderEventText, STATE_EVENT, shopNewOrderText } from './event-texts.ts';
import { type OrderRow, orderItems, orderStateLog, orderSubstitutions, orders } from './schema.ts';
import { ORDER_TIMER_KINDS } from './timer-kinds.ts';

// Every order's timeline grows by one at each step: built once (db/prepared.ts).
const insertLogEntry = prepared(
  (
    q,
    v: Params<
      Required<
        Pick<
          typeof orderStateLog.$inferInsert,
          'id' | 'orderId' | 'state' | 'note' | 'at' | 'by' | 'byUserId'
        >
      >
    >,
  ) =>
    q
      .insert(orderStateLog)
      .values({
        id: v.id,
        orderId: v.orderId,
        state: v.state,
        note: v.note,
        at: v.at,
        by: v.by,
        byUserId: v.byUserId,
      })
      .returning(),
);

export interface OrderCoreDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  transactor: Transactor;
  outbox: EventOutbox;
  notifications: NotificationsService;
  stock: CatalogStock;
  sellers: Pick<SellersService, 'rows'>;
  /** The accounts that work in a shop: its board hears every change of its orders (docs/shops.md#live-updates). */
  shopAudience: (q: DbOrTx, shopId: string) => Promise<string[]>;
}

/** Who in a shop took a step, kept on the timeline (the ops API and timers take steps as nobody). */
export interface ShopActor {
  userId: string;
  name: string;
}

export type OrderPatch = Partial<Omit<OrderRow, 'id' | 'createdAt' | 'userId'>>;

/** What an order's event says of the order: a row, or what a step has just written of it. */
export type EventOrder = Pick<
  OrderRow,
  'id' | 'userId' | 'sellerId' | 'state' | 'deliveryType' | 'totalPaise'
>;

/**
 * The order state machine's moving parts, shared by the buyer's routes, the ops API, the payment
 * hook and the timers. Every function runs inside the caller's transaction and writes its events to
 * the outbox through `fx` (published after commit), with a stored notification for each.
 */
export function createOrderCore(deps: OrderCoreDeps) {
  const { clock } = deps;

  async function lockOrder(tx: Tx, id: string): Promise<OrderRow | null> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    return row ?? null;
  }

  async function shopName(q: DbOrTx, sellerId: string) {
    const [s] = await deps.sellers.rows(q, [sellerId]);
    return s ? shopNameOf(s) : { en: sellerId, ta: sellerId };
  }

  /**
   * Tells the buyer's devices (users/{id}/events, the payload of docs/lockers.md, `data.id` = the
   * order id) and keeps the same words as a notification.
   */
  async function emit(
    fx: Effects,
    o: EventOrder,
    event: string,
    options: {
      sessionId?: string | null;
      payment?: unknown;
      site?: { en: string; ta: string };
      /** The shop's name, where the caller has just read its row (one read fewer). */
      shop?: { en: string; ta: string };
      extra?: Record<string, unknown>;
      /** Words of the caller's own (an item's name in them), in place of the event's usual ones. */
      text?: (shop: { en: string; ta: string }) => {
        title: { en: string; ta: string };
        body: { en: string; ta: string };
      };
    } = {},
  ): Promise<void> {
    const shop = options.shop ?? (await shopName(fx.tx, o.sellerId));
    const text = options.text?.(shop) ?? orderEventText(event, shop, { site: options.site });
    const pricing = o.state === 'awaiting_payment';
    const payload: EventPayload = {
      event,
      data: {
        message: text.body.en,
        msg: text.body.ta,
        title: text.title,
        code: o.state,
        isRequirePricing: pricing,
        isRequirePrice: pricing,
        ...(options.sessionId ? { dlb_session_id: options.sessionId } : {}),
        id: o.id,
        orderId: o.id,
        order: {
          id: o.id,
          state: o.state,
          deliveryType: o.deliveryType,
          sellerId: o.sellerId,
          totalPaise: o.totalPaise,
        },
        ...(options.payment ? { payment: options.payment } : {}),
        ...options.extra,
      },
      SessionID: options.sessionId ?? null,
    };
    // Both sent with the commit: nothing in the transaction waits for them.
    deps.outbox.enqueue(fx, TOPICS.userEvents(o.userId), payload);
    deps.notifications.send(fx, {
      userId: o.userId,
      kind: event,
      title: text.title,
      body: text.body,
      data: { event, orderId: o.id, state: o.state },
    });
    if (o.state !== 'awaiting_payment') await tellShop(fx, o, event, shop);
  }

  /**
   * The shop's board hears every change of a paid order on the shop's topic, which the broker lets only
   * its members subscribe to (docs/shops.md#live-updates). A new order also becomes a notification for
   * each member, read from the members table at that moment, which reaches a member's phone as an alert
   * while the app is shut.
   */
  async function tellShop(fx: Effects, o: EventOrder, event: string, shop: { en: string; ta: string }) {
    const text = event === STATE_EVENT.placed ? shopNewOrderText(shop) : null;
    deps.outbox.enqueue(fx, TOPICS.shopEvents(o.sellerId), {
      event: EVENTS.shopOrderChanged,
      data: {
        message: text?.body.en ?? '',
        msg: text?.body.ta ?? '',
        code: EVENTS.shopOrderChanged,
        id: o.id,
        shopId: o.sellerId,
        orderId: o.id,
        state: o.state,
        deliveryType: o.deliveryType,
        event,
      },
      SessionID: null,
    });
    if (!text) return;
    for (const userId of await deps.shopAudience(fx.tx, o.sellerId)) {
      deps.notifications.send(fx, {
        userId,
        kind: EVENTS.shopNewOrder,
        title: text.title,
        body: text.body,
        data: { event: EVENTS.shopNewOrder, orderId: o.id, shopId: o.sellerId },
      });
    }
  }

  /** Adds a timeline entry; answers it as stored. */
  async function logState(
    tx: DbOrTx,
    orderId: string,
    state: OrderState,
    note: string | null,
    by: ShopActor | null = null,
  ) {
    const [row] = await insertLogEntry(tx, {
      id: newId(),
      orderId,
      state,
      note,
      at: clock.now(),
      by: by?.name ?? null,
      byUserId: by?.userId ?? null,
    });
    return row!;
  }

  /**
   * Moves an order to `to` if its delivery type allows it from where it is, checking nobody changed
   * it meanwhile; records the timeline and tells the buyer.
   */
  async function transition(
    fx: Effects,
    o: OrderRow,
    to: OrderState,
    options: {
      patch?: OrderPatch;
      note?: string | null;
      sessionId?: string | null;
      site?: { en: string; ta: string };
      extra?: Record<string, unknown>;
      /** The shop's member who took the step. */
      by?: ShopActor | null;
    } = {},
  ): Promise<OrderRow> {
    if (!canOrderTransition(o.state, to, o.deliveryType)) {
      throw new AppError('OrderStateInvalid', undefined, {
        details: { state: o.state, to, deliveryType: o.deliveryType },
      });
    }
    const [row] = await fx.tx
      .update(orders)
      .set({ ...options.patch, state: to, updatedAt: clock.now() })
      .where(and(eq(orders.id, o.id), eq(orders.state, o.state)))
      .returning();
    if (!row) throw new AppError('Conflict');
    await logState(fx.tx, o.id, to, options.note ?? null, options.by ?? null);
    await emit(fx, row, STATE_EVENT[to], {
      sessionId: options.sessionId,
      site: options.site,
      extra: options.extra,
    });
    return row;
  }

  /** Gives an order's stock back (timed out, cancelled); lines that never took stock are skipped. */
  async function releaseStock(tx: Tx, orderId: string): Promise<void> {
    const [items, taken] = await Promise.all([
      tx
        .select({
          vrntId: orderItems.vrntId,
          quantity: orderItems.quantity,
          unavailable: orderItems.unavailableQuantity,
          alwaysInventory: orderItems.alwaysInventory,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.vrntId)),
      tx
        .select()
        .from(orderSubstitutions)
        .where(and(eq(orderSubstitutions.orderId, orderId), eq(orderSubstitutions.status, 'accepted'))),
    ]);
    // What is on the shelf again: each line less what the shop never had and what a substitute took
    // its place, and the substitutes themselves (docs/shops.md#an-item-is-not-there).
    const back = items.map((i) => ({
      vrntId: i.vrntId,
      alwaysInventory: i.alwaysInventory,
      quantity:
        i.quantity -
        i.unavailable -
        taken.filter((s) => s.vrntId === i.vrntId).reduce((n, s) => n + s.quantity, 0),
    }));
    for (const s of taken)
      back.push({ vrntId: s.substituteVrntId, alwaysInventory: s.alwaysInventory, quantity: s.quantity });
    await deps.stock.release(
      tx,
      back.filter((l) => l.quantity > 0),
    );
  }

  /** An order's timer on the one timer table (fired by the platform worker: timers.ts). */
  function addTimer(
    tx: DbOrTx,
    kind: keyof typeof ORDER_TIMER_KINDS,
    orderId: string,
    dueAt: Date,
    more: Record<string, string> = {},
  ) {
    return schedule(tx, clock, { kind: ORDER_TIMER_KINDS[kind], dueAt, data: { ...more, orderId } });
  }

  return { lockOrder, emit, transition, releaseStock, logState, addTimer, shopName, deps };
}

export type OrderCore = ReturnType<typeof createOrderCore>;

/** A shop's name in both languages, as events and notifications say it. */
export function shopNameOf(s: { brandName: string; brandNameTa: string | null }): { en: string; ta: string } {
  return { en: s.brandName, ta: s.brandNameTa ?? s.brandName };
}

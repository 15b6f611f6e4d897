import { createHash } from 'node:crypto';
import { EVENTS } from '@petti/shared';
import { type OrderPrice, priceOrder } from '@petti/shared/rules/order-pricing';
import { cartCheckMessage } from '@petti/shared/schemas/cart';
import {
  OPS_ORDER_ACTIONS,
  ORDER_CANCELLABLE_STATES,
  ORDER_RULES,
  type Order,
  type OrderList,
  type OrderQuote,
  type OrderState,
  type PlaceOrderBody,
  type QuoteOrderBody,
} from '@petti/shared/schemas/orders';
import { and, count, desc, eq, inArray, isNotNull, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { isPgError, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { newId } from '../../platform/ids.ts';
import { addresses } from '../addresses/schema.ts';
import type { ParcelLockers } from '../bookings/index.ts';
import { lockerSites } from '../lockers/schema.ts';
import type { PaymentsService } from '../payments/service.ts';
import { deliveryFees } from '../plans/schema.ts';
import type { createPlansService } from '../plans/service.ts';
import { sellers } from '../sellers/schema.ts';
import { users } from '../users/schema.ts';
import type { OrderCore } from './core.ts';
import { holdParcelLocker } from './parcel-locker.ts';
import type { CartValidator, RangeChecker, ValidatedLine } from './ports.ts';
import { type AddressSnapshot, type OrderRow, orderItems, orders } from './schema.ts';
import { toOrderDtos } from './views.ts';

const MIN = 60_000;
type PlansService = ReturnType<typeof createPlansService>;

export interface OrderCaller {
  userId: string;
  sessionId: string | null;
}

export interface OrdersDeps {
  core: OrderCore;
  parcels: ParcelLockers;
  payments: PaymentsService;
  plans: PlansService | null;
  validateCart: CartValidator;
  checkRange: RangeChecker;
  /** Runs an order timer at once after the commit that made it (a refund). */
  runTimerSoon: (id: string) => void;
}

/** What an order is for, worked out from the catalog, the destination and the rules. */
interface Prepared {
  seller: typeof sellers.$inferSelect;
  lines: ValidatedLine[];
  price: OrderPrice;
  address: AddressSnapshot | null;
  site: { id: string; name: { en: string; ta: string } } | null;
  deliveryPassId: string | null;
}

/** The request, reduced to what decides the order: a repeated key with another body is refused. */
/** A validated cart line as an order shows it (quote) and keeps it (order_items). */
function orderLineOf(l: ValidatedLine) {
  return {
    vrntId: l.vrntId,
    productId: l.productId,
    name: l.name,
    quantity: l.quantity,
    unitPricePaise: l.unitPricePaise,
    mrpPaise: l.mrpPaise,
    taxPaise: l.taxPaise,
    hazardous: l.hazardous,
  };
}

function requestHash(body: PlaceOrderBody): string {
  const canonical = {
    sellerId: body.sellerId,
    items: [...body.items]
      .sort((a, b) => (a.vrntId < b.vrntId ? -1 : 1))
      .map((i) => [i.vrntId, i.quantity, i.productPrice]),
    deliveryType: body.deliveryType,
    addressId: body.addressId ?? null,
    siteId: body.siteId ?? null,
    vehicleNo: body.vehicleNo ?? null,
    alternatePickup: body.alternatePickup ?? null,
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

export function createOrdersService(deps: OrdersDeps) {
  const { core, parcels, payments } = deps;
  const { db, clock, log, transactor } = core.deps;

  async function view(q: DbOrTx, row: OrderRow): Promise<Order> {
    const [dto] = await toOrderDtos(q, [row]);
    return dto!;
  }

  /**
   * Re-reads the cart, the seller and the destination and prices the order. Refusals, in order:
   * unknown seller or destination (404), a mode the seller does not serve, BAD lines
   * (`cartItemsError` with the per-item list), a changed price (`PaymentUpdatedException`),
   * hazardous goods to a locker, a site that takes no parcels, out of range.
   */
  async function prepare(q: DbOrTx, userId: string, body: QuoteOrderBody): Promise<Prepared> {
    const [seller] = await q.select().from(sellers).where(eq(sellers.id, body.sellerId));
    if (!seller) throw notFound('That shop');
    if (!seller.modes.includes(body.deliveryType)) {
      throw new AppError('DeliveryTypeNotOffered', undefined, {
        details: { deliveryType: body.deliveryType, modes: seller.modes },
      });
    }
    let address: AddressSnapshot | null = null;
    let site: Prepared['site'] = null;
    let destination: { lat: number; lng: number } | null = null;
    if (body.deliveryType === 'home') {
      const [a] = await q
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, body.addressId!), eq(addresses.userId, userId)));
      if (!a) throw notFound('That address');
      address = {
        id: a.id,
        label: a.label,
        line1: a.line1,
        line2: a.line2,
        landmark: a.landmark,
        lat: a.lat,
        lng: a.lng,
      };
      destination = { lat: a.lat, lng: a.lng };
    } else if (body.deliveryType === 'locker') {
      const [s] = await q.select().from(lockerSites).where(eq(lockerSites.id, body.siteId!));
      if (!s) throw notFound('That locker site');
      if (!s.acceptsParcels)
        throw new AppError('SiteNotAcceptingParcels', undefined, { details: { siteId: s.id } });
      if (s.type === 'complex_lockers') {
        // A complex's lockers take parcels for its residents only (as its bookings do).
        const [u] = await q.select({ complexId: users.complexId }).from(users).where(eq(users.id, userId));
        if (!u || u.complexId !== s.complexId)
          throw new AppError('UserNotEnable', undefined, { details: { siteId: s.id } });
      }
      site = { id: s.id, name: s.name };
      destination = { lat: s.lat, lng: s.lng };
    }

    const check = await deps.validateCart(q, body.items, clock.now());
    if (check.items.some((i) => i.status === 'BAD') || (!check.ok && !check.priceChanged)) {
      throw new AppError('cartItemsError', undefined, { details: { items: check.items } });
    }
    if (check.sellerId && check.sellerId !== seller.id) {
      throw new AppError('Validation', 'Every item must come from the chosen shop.');
    }
    if (check.priceChanged) {
      throw new AppError('PaymentUpdatedException', undefined, { details: { items: check.items } });
    }
    if (body.deliveryType === 'locker' && check.lines.some((l) => l.hazardous)) {
      throw new AppError('HazardousNotToLocker', undefined, {
        details: { vrntIds: check.lines.filter((l) => l.hazardous).map((l) => l.vrntId) },
      });
    }
    let distanceMetres: number | null = null;
    if (destination) {
      const r = await deps.checkRange({
        seller: { id: seller.id, lat: seller.lat, lng: seller.lng, rangeKm: seller.rangeKm },
        destination,
        kind: body.deliveryType === 'home' ? 'address' : 'locker',
      });
      distanceMetres = r.metres;
    }
    const [fees] = await q.select().from(deliveryFees).where(eq(deliveryFees.id, 'default'));
    if (!fees) throw new Error('no delivery fee rules (delivery_fees "default")');
    const pass = deps.plans ? await deps.plans.activeFor(q, userId, 'delivery', clock.now()) : null;
    const over = pass?.plan.freeDeliveryOverPaise;
    const price = priceOrder({
      lines: check.lines,
      deliveryType: body.deliveryType,
      distanceMetres,
      fees,
      deliveryPass: over != null ? { freeDeliveryOverPaise: over } : null,
    });
    return {
      seller,
      lines: check.lines,
      price,
      address,
      site,
      deliveryPassId: price.deliveryWaived ? (pass?.subscription.id ?? null) : null,
    };
  }

  async function findByKey(q: DbOrTx, userId: string, key: string) {
    const [row] = await q
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.requestKey, key)));
    return row;
  }

  async function replay(row: OrderRow, hash: string): Promise<Order> {
    if (row.requestHash !== hash)
      throw new AppError('IdempotencyKeyReused', undefined, { details: { orderId: row.id } });
    return view(db, row);
  }

  async function ownOrder(tx: Tx, userId: string, id: string): Promise<OrderRow> {
    const o = await core.lockOrder(tx, id);
    if (!o || o.userId !== userId) throw notFound('That order');
    return o;
  }

  /** Cancels (buyer) or times out (timer) an order: stock back, refund queued if it was paid. */
  async function close(
    fx: Parameters<OrderCore['transition']>[0],
    o: OrderRow,
    to: 'cancelled' | 'timed_out',
    reason: string,
    sessionId: string | null,
  ): Promise<OrderRow> {
    const paid = o.state !== 'awaiting_payment';
    const row = await core.transition(fx, o, to, {
      patch: { cancelReason: reason, holdExpiresAt: null },
      note: reason,
      sessionId,
    });
    await core.releaseStock(fx.tx, o.id);
    // A paid order counted one of the Delivery Pass's deliveries; it never went out.
    if (paid && o.deliveryPassId && deps.plans) await deps.plans.returnDelivery(fx.tx, o.deliveryPassId);
    if (paid && o.paymentId) {
      const timerId = await core.addTimer(fx.tx, 'refund', o.id, clock.now());
      fx.later(async () => deps.runTimerSoon(timerId));
    }
    return row;
  }

  /** One page of orders, newest first, for the buyer's list and the shops' (ops) list alike. */
  async function pageOfOrders(
    where: SQL | undefined,
    query: { page: number; pageSize: number },
  ): Promise<OrderList> {
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(where);
    const rows = await db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return {
      items: await toOrderDtos(db, rows),
      page: query.page,
      pageSize: query.pageSize,
      total,
      hasMore: query.page * query.pageSize < total,
    };
  }

  return {
    async quote(userId: string, body: QuoteOrderBody): Promise<OrderQuote> {
      const p = await prepare(db, userId, body);
      return {
        sellerId: p.seller.id,
        deliveryType: body.deliveryType,
        lines: p.lines.map(orderLineOf),
        price: p.price,
        paymentMethods: ['upi', 'card'],
      };
    },

    /**
     * Places an order in one transaction: claim the request key, validate, take stock, hold it 10
     * minutes, open the payment. A retry with the same key answers the same order and payment —
     * also when both arrive at once (the unique key makes the second wait, then find the first).
     */
    async place(
      caller: OrderCaller,
      key: string | undefined,
      body: PlaceOrderBody,
    ): Promise<{ order: Order; created: boolean }> {
      if (!key || !/^[\w.:-]{8,100}$/.test(key)) throw new AppError('IdempotencyKeyRequired');
      const hash = requestHash(body);
      const known = await findByKey(db, caller.userId, key);
      if (known) return { order: await replay(known, hash), created: false };
      try {
        const order = await transactor.run(async (tx, fx) => {
          const p = await prepare(tx, caller.userId, body);
          const now = clock.now();
          const holdExpiresAt = new Date(now.getTime() + ORDER_RULES.paymentHoldMinutes * MIN);
          // The key is claimed first: a concurrent twin waits here until this one commits or rolls back.
          const [row] = await tx
            .insert(orders)
            .values({
              id: newId(),
              userId: caller.userId,
              sellerId: p.seller.id,
              state: 'awaiting_payment',
              deliveryType: body.deliveryType,
              address: p.address,
              siteId: p.site?.id ?? null,
              vehicleNo: body.deliveryType === 'curbside' ? (body.vehicleNo ?? null) : null,
              alternatePickup: body.alternatePickup ?? null,
              price: p.price,
              totalPaise: p.price.totalPaise,
              taxPaise: p.price.taxPaise,
              deliveryPassId: p.deliveryPassId,
              requestKey: key,
              requestHash: hash,
              holdExpiresAt,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          const short = await core.takeStock(tx, p.lines);
          if (short) {
            throw new AppError('cartItemsError', undefined, {
              details: {
                // Another order took the last units between the check and the take.
                items: p.lines.map((l) => {
                  const m = cartCheckMessage(l.vrntId === short ? 'outOfStock' : 'ok');
                  return {
                    vrntId: l.vrntId,
                    status: l.vrntId === short ? 'BAD' : 'OK',
                    message: m.en,
                    messages: m,
                  };
                }),
              },
            });
          }
          await tx.insert(orderItems).values(
            p.lines.map((l) => ({
              id: newId(),
              orderId: row!.id,
              ...orderLineOf(l),
              alwaysInventory: l.alwaysInventory,
            })),
          );
          await core.logState(tx, row!.id, 'awaiting_payment', null);
          await core.addTimer(tx, 'paymentHold', row!.id, holdExpiresAt);
          // Last: with Razorpay this is a network call.
          const payment = await payments.createPayment(tx, {
            userId: caller.userId,
            purpose: 'order',
            subjectId: row!.id,
            amountPaise: p.price.totalPaise,
            taxPaise: p.price.taxPaise,
            taxPercent: null,
            description: {
              en: `Order from ${p.seller.brandName}`,
              ta: `${p.seller.brandNameTa ?? p.seller.brandName} கடையிலிருந்து ஆர்டர்`,
            },
          });
          const [withPayment] = await tx
            .update(orders)
            .set({ paymentId: payment.id, payment })
            .where(eq(orders.id, row!.id))
            .returning();
          await core.emit(fx, withPayment!, EVENTS.orderCreated, { sessionId: caller.sessionId, payment });
          return view(tx, withPayment!);
        });
        return { order, created: true };
      } catch (err) {
        // A twin with the same key committed meanwhile: either this insert hit its unique key, or
        // its stock take made this one's validation fail. Either way the answer is the twin.
        if (!isPgError(err, UNIQUE_VIOLATION) && !(err instanceof AppError)) throw err;
        const twin = await findByKey(db, caller.userId, key);
        if (!twin) throw err;
        return { order: await replay(twin, hash), created: false };
      }
    },

    async list(userId: string, query: { page: number; pageSize: number }): Promise<OrderList> {
      return pageOfOrders(eq(orders.userId, userId), query);
    },

    async get(userId: string, id: string): Promise<Order> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      if (!row || row.userId !== userId) throw notFound('That order');
      return view(db, row);
    },

    /** Before packing: cancelled, stock back, and a full refund of what was paid. */
    async cancel(caller: OrderCaller, id: string, reason?: string): Promise<Order> {
      return transactor.run(async (tx, fx) => {
        const o = await ownOrder(tx, caller.userId, id);
        if (o.state === 'cancelled') return view(tx, o);
        if (!(ORDER_CANCELLABLE_STATES as readonly OrderState[]).includes(o.state)) {
          throw new AppError(
            ['packed', 'out_for_delivery', 'in_locker', 'ready_for_pickup', 'arrived'].includes(o.state)
              ? 'OrderNotCancellable'
              : 'OrderStateInvalid',
            undefined,
            { details: { state: o.state } },
          );
        }
        const row = await close(fx, o, 'cancelled', reason ? `buyer: ${reason}` : 'buyer', caller.sessionId);
        return view(tx, row);
      });
    },

    /** Curbside "On my way": the shop may get the order ready; not a state of its own. */
    async onMyWay(
      caller: OrderCaller,
      id: string,
      body: { bay?: string; landmark?: string },
    ): Promise<Order> {
      return transactor.run(async (tx, fx) => {
        const o = await ownOrder(tx, caller.userId, id);
        if (
          o.deliveryType !== 'curbside' ||
          !['placed', 'accepted', 'packed', 'ready_for_pickup'].includes(o.state)
        )
          throw new AppError('OrderStateInvalid', undefined, { details: { state: o.state } });
        const [row] = await tx
          .update(orders)
          .set({
            onMyWayAt: clock.now(),
            bay: body.bay ?? o.bay,
            landmark: body.landmark ?? o.landmark,
            updatedAt: clock.now(),
          })
          .where(eq(orders.id, o.id))
          .returning();
        await core.logState(tx, o.id, o.state, 'on_my_way');
        await core.emit(fx, row!, EVENTS.orderOnMyWay, { sessionId: caller.sessionId });
        return view(tx, row!);
      });
    },

    /** Curbside "I'm here" with a bay or landmark: the shop brings the order out. */
    async arrived(
      caller: OrderCaller,
      id: string,
      body: { bay?: string; landmark?: string },
    ): Promise<Order> {
      return transactor.run(async (tx, fx) => {
        const o = await ownOrder(tx, caller.userId, id);
        if (o.state === 'arrived') return view(tx, o);
        if (o.deliveryType !== 'curbside' || o.state !== 'ready_for_pickup')
          throw new AppError('OrderStateInvalid', 'Your order is not ready for pickup yet.', {
            details: { state: o.state },
          });
        const row = await core.transition(fx, o, 'arrived', {
          patch: { arrivedAt: clock.now(), bay: body.bay ?? o.bay, landmark: body.landmark ?? o.landmark },
          note: [body.bay && `bay ${body.bay}`, body.landmark].filter(Boolean).join(', ') || null,
          sessionId: caller.sessionId,
        });
        return view(tx, row);
      });
    },

    // ── The shop's side (ops API, shop simulator) ──

    /** A seller's paid orders (every seller's without `sellerId`); unpaid ones are not the shop's yet. */
    async listForSeller(query: {
      sellerId?: string;
      state?: OrderState[];
      page: number;
      pageSize: number;
    }): Promise<OrderList> {
      const where = and(
        query.sellerId ? eq(orders.sellerId, query.sellerId) : undefined,
        query.state ? inArray(orders.state, query.state) : ne(orders.state, 'awaiting_payment'),
      );
      return pageOfOrders(where, query);
    },

    /** One shop step (accept, pack, dispatch, deliver, drop in locker, ready for pickup, hand over). */
    async shopAction(id: string, action: keyof typeof OPS_ORDER_ACTIONS, note?: string): Promise<Order> {
      const to = OPS_ORDER_ACTIONS[action];
      return transactor.run(async (tx, fx) => {
        const o = await core.lockOrder(tx, id);
        if (!o) throw notFound('That order');
        if (o.state === to) return view(tx, o); // a retried step changes nothing
        if (to === 'in_locker') {
          if (o.state !== 'packed' || o.deliveryType !== 'locker')
            throw new AppError('OrderStateInvalid', undefined, { details: { state: o.state, to } });
          const parcel = await holdParcelLocker(fx, parcels, o);
          // When the 48 h hold ends uncollected, the buyer is told (the lockers' timer frees the locker).
          await core.addTimer(tx, 'parcelPickup', o.id, parcel.endsAt);
          const row = await core.transition(fx, o, 'in_locker', {
            patch: { parcelBookingId: parcel.bookingId },
            note: note ?? `locker ${parcel.lockerId}`,
            site: parcel.siteName,
            extra: {
              siteId: parcel.siteId,
              lockerId: parcel.lockerId,
              pinExpiresAt: parcel.endsAt.toISOString(),
            },
          });
          return view(tx, row);
        }
        const row = await core.transition(fx, o, to, { note: note ?? null });
        return view(tx, row);
      });
    },

    /** Timer: an unpaid order's hold ran out — timed out, its stock released. */
    async expireHold(fx: Parameters<OrderCore['transition']>[0], orderId: string): Promise<void> {
      const o = await core.lockOrder(fx.tx, orderId);
      if (o?.state !== 'awaiting_payment' || !o.holdExpiresAt || o.holdExpiresAt > clock.now()) return;
      await close(fx, o, 'timed_out', 'payment', null);
    },

    /** Timer: a parcel's 48 h in the locker ran out uncollected — the buyer hears the shop takes it back. */
    async parcelPickupEnded(fx: Parameters<OrderCore['transition']>[0], orderId: string): Promise<void> {
      const o = await core.lockOrder(fx.tx, orderId);
      if (o?.state !== 'in_locker') return;
      await core.logState(fx.tx, o.id, o.state, 'pickup_expired');
      await core.emit(fx, o, EVENTS.orderPickupExpired);
    },

    /**
     * Parcels taken out: an order whose locker booking was opened at the keypad (the buyer typed the
     * PIN) is collected, and the booking ends so the locker is free again.
     */
    async collectOpenedParcels(): Promise<number> {
      // Only the ones whose door was opened: a cheap read every poll, locks only for real work.
      const inLocker = await db
        .select({ orderId: orders.id, bookingId: orders.parcelBookingId })
        .from(orders)
        .where(and(eq(orders.state, 'in_locker'), isNotNull(orders.parcelBookingId)));
      const openedIds = await parcels.openedOf(
        db,
        inLocker.map((r) => r.bookingId!),
      );
      const opened = inLocker.filter((r) => openedIds.has(r.bookingId!));
      let n = 0;
      for (const { orderId, bookingId } of opened) {
        if (!bookingId) continue;
        const done = await transactor.run(async (tx, fx) => {
          // Lock order as the shop's drop takes it: the order first, then the locker's booking.
          const o = await core.lockOrder(tx, orderId);
          if (o?.state !== 'in_locker') return false;
          const b = await parcels.lockOpened(tx, bookingId);
          if (!b) return false;
          await core.transition(fx, o, 'collected', { note: `locker ${b.lockerId}` });
          await parcels.end(fx, bookingId);
          return true;
        });
        if (done) n += 1;
      }
      return n;
    },

    /** Refund of a cancelled paid order (run outside a transaction: the payments module opens its own). */
    async refundOrder(orderId: string): Promise<void> {
      const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!o?.paymentId) return;
      try {
        await payments.refund(o.paymentId, { reason: `order ${o.state}: ${o.cancelReason ?? ''}`.trim() });
      } catch (err) {
        if (err instanceof AppError && err.code === 'PaymentNotRefundable') {
          log.warn({ orderId }, 'order refund: nothing left to refund');
          return;
        }
        throw err;
      }
    },

    view,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

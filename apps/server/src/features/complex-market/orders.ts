import {
  type BuyListingBody,
  COMPLEX_RULES,
  type ComplexOrder,
  type ComplexOrderState,
  type Earnings,
} from '@petti/shared/schemas/complex';
import { and, desc, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { sideBySide } from '../../db/together.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { TimerRow } from '../../platform/jobs/schema.ts';
import { timerString } from '../../platform/jobs/timer-data.ts';
import { schedule } from '../../platform/jobs/worker.ts';
import { lockersService } from '../lockers/index.ts';
import { GrantRefused } from '../payments/index.ts';
import { usersService } from '../users/index.ts';
import type { MarketDeps } from './deps.ts';
import { defineBuy } from './flows/buy.ts';
import { defineCancel } from './flows/cancel.ts';
import { createOrderCore, TIMERS } from './order-core.ts';
import { type ComplexOrderRow, complexOrders } from './schema.ts';
import { type LockerView, toComplexOrder } from './views.ts';

const HOUR = 3_600_000;
/** One list shows this many orders, newest first. */
const LIST_LIMIT = 50;
/** A resident's locker hold is known to the lockers by this order key (hidden from their bookings). */
const holdOrderKey = (orderId: string) => `cx:${orderId}`;
const PENDING: readonly ComplexOrderState[] = [
  'paid',
  'awaiting_drop',
  'in_locker',
  'handed_over',
  'disputed',
];

const orderIdOf = (timer: TimerRow): string => timerString(timer, 'orderId');

/** Orders between residents (docs/complex.md#buying): paying, hand-over in person or by locker, cancelling. */
export function createComplexOrders(deps: MarketDeps, log: Logger) {
  const { db, clock, payments, parcels, membership, transactor } = deps;
  const core = createOrderCore(deps);
  const buyFlow = defineBuy(deps);

  async function views(q: DbOrTx, rows: ComplexOrderRow[], viewerId: string): Promise<ComplexOrder[]> {
    const ids = rows.flatMap((r) => [r.buyerId, r.sellerId]);
    const [names, flats] = await sideBySide([
      () => usersService.contacts(q, ids),
      () => membership.flatsOf(q, ids),
    ] as const);
    const bookingIds = rows.flatMap((r) => (r.bookingId ? [r.bookingId] : []));
    const parcelsBy = await parcels.summaries(q, bookingIds);
    const siteNames = new Map(
      (
        await lockersService.siteNames(q, [...new Set(rows.flatMap((r) => (r.siteId ? [r.siteId] : [])))])
      ).map((s) => [s.id, s.name]),
    );
    const out: ComplexOrder[] = [];
    for (const r of rows) {
      const payment =
        r.paymentId && r.state === 'awaiting_payment' && r.buyerId === viewerId
          ? await payments.findById(q, r.paymentId)
          : null;
      const p = r.bookingId ? parcelsBy.get(r.bookingId) : undefined;
      const live = r.state === 'awaiting_drop' || r.state === 'in_locker';
      const locker: LockerView | null =
        r.siteId && p && live
          ? {
              siteName: siteNames.get(r.siteId)!,
              locker: p.locker,
              pin: p.pin,
              userId: p.userId,
              endsAt: p.endsAt,
            }
          : null;
      out.push(
        toComplexOrder(r, { names, flats }, viewerId, {
          payment: payment ? payments.contractOf(payment) : null,
          locker,
        }),
      );
    }
    return out;
  }
  const view = async (row: ComplexOrderRow, viewerId: string) => (await views(db, [row], viewerId))[0]!;
  const cancelFlow = defineCancel(deps, core, view, log);

  // ---------------------------------------------------------------- payments

  // Paid: in person, the seller is told to hand it over; by locker, a locker of the complex is held for
  // the seller's drop (48 h) — none free, and the payment is refunded in full.
  payments.onCaptured('complex', async (fx, payment) => {
    const o = await core.lock(fx.tx, payment.subjectId);
    if (!o || o.paymentId !== payment.id || o.state !== 'awaiting_payment') {
      throw new GrantRefused(
        'ComplexOrderStateInvalid',
        'The order was closed before the payment arrived; it will be refunded.',
      );
    }
    if (o.handover === 'in_person') {
      await core.transition(fx, o, ['awaiting_payment'], 'paid', {
        patch: { holdExpiresAt: null },
        note: `payment ${payment.id}`,
      });
      return;
    }
    let hold: Awaited<ReturnType<typeof parcels.hold>>;
    try {
      hold = await parcels.hold(fx, {
        orderId: holdOrderKey(o.id),
        userId: o.sellerId,
        siteId: o.siteId!,
        units: o.quantity,
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'ParcelLockerFull') {
        throw new GrantRefused(
          'ParcelLockerFull',
          'No complex locker was free for the drop; refunded in full.',
        );
      }
      throw err;
    }
    await core.transition(fx, o, ['awaiting_payment'], 'awaiting_drop', {
      patch: { holdExpiresAt: null, bookingId: hold.bookingId },
      note: `locker ${hold.lockerId}`,
    });
    await schedule(fx.tx, clock, { kind: TIMERS.dropDeadline, dueAt: hold.endsAt, data: { orderId: o.id } });
  });

  // The payment failed: the quantity goes back at once (a new attempt is a new order).
  payments.onFailed('complex', async (fx, payment) => {
    const o = await core.lock(fx.tx, payment.subjectId);
    if (o?.state !== 'awaiting_payment' || o.paymentId !== payment.id) return;
    await core.release(fx.tx, o);
    await core.transition(fx, o, ['awaiting_payment'], 'expired', { note: 'payment_failed' });
  });

  // Refunded in full before it was granted (no locker was free): the order is cancelled, the quantity back.
  payments.onRefunded('complex', async (fx, payment, refund) => {
    if (!refund.full) return;
    const o = await core.lock(fx.tx, payment.subjectId);
    if (o?.state !== 'awaiting_payment' || o.paymentId !== payment.id) return;
    await core.release(fx.tx, o);
    await core.transition(fx, o, ['awaiting_payment'], 'cancelled', {
      patch: { cancelReason: 'no_locker' },
      note: 'no_locker',
    });
  });

  payments.describe('complex', async (q, payment) => {
    const [row] = await q.select().from(complexOrders).where(eq(complexOrders.id, payment.subjectId));
    return row ? { complexOrder: (await views(q, [row], row.buyerId))[0] } : null;
  });

  // ---------------------------------------------------------------- timers and the locker sweep

  /** Drops and pickups seen at the keypad: a drop passes the locker to the buyer, a pickup completes. */
  async function lockerProgress(): Promise<number> {
    const rows = await db
      .select({ id: complexOrders.id, bookingId: complexOrders.bookingId })
      .from(complexOrders)
      .where(
        and(inArray(complexOrders.state, ['awaiting_drop', 'in_locker']), isNotNull(complexOrders.bookingId)),
      );
    const opened = await parcels.openedOf(
      db,
      rows.map((r) => r.bookingId!),
    );
    let n = 0;
    for (const r of rows.filter((x) => opened.has(x.bookingId!))) {
      const moved = await transactor.run(async (tx, fx) => {
        const o = await core.lock(tx, r.id);
        if (!o?.bookingId || o.bookingId !== r.bookingId) return false;
        if (o.state === 'awaiting_drop') {
          const hold = await parcels.handOver(fx, o.bookingId, o.buyerId);
          if (!hold) return false;
          await core.transition(fx, o, ['awaiting_drop'], 'in_locker', { note: `locker ${hold.lockerId}` });
          await schedule(tx, clock, {
            kind: TIMERS.pickupDeadline,
            dueAt: hold.endsAt,
            data: { orderId: o.id },
          });
          return true;
        }
        if (o.state !== 'in_locker' || !(await parcels.lockOpened(tx, o.bookingId))) return false;
        await core.transition(fx, o, ['in_locker'], 'completed', { note: 'collected' });
        await parcels.end(fx, o.bookingId, 'collected');
        return true;
      });
      if (moved) n += 1;
    }
    return n;
  }

  deps.jobs.register({
    handlers: {
      [TIMERS.paymentHold]: async (tx, timer, fx) => {
        const o = await core.lock(tx, orderIdOf(timer));
        if (o?.state !== 'awaiting_payment' || !o.holdExpiresAt || o.holdExpiresAt > clock.now()) return;
        await core.release(tx, o);
        await core.transition(fx, o, ['awaiting_payment'], 'expired', { note: 'payment' });
      },
      [TIMERS.pickupDeadline]: async (tx, timer, fx) => {
        const o = await core.lock(tx, orderIdOf(timer));
        if (o?.state !== 'in_locker') return;
        await core.transition(fx, o, ['in_locker'], 'uncollected', { note: 'pickup_expired' });
      },
      [TIMERS.autoConfirm]: async (tx, timer, fx) => {
        const o = await core.lock(tx, orderIdOf(timer));
        if (o?.state !== 'handed_over' || !o.confirmsAt || o.confirmsAt > clock.now()) return;
        await core.transition(fx, o, ['handed_over'], 'completed', { note: 'confirmed_automatically' });
      },
    },
    leased: {
      [TIMERS.dropDeadline]: async (timer) => {
        await cancelFlow.run({ orderId: orderIdOf(timer), by: 'not_dropped' });
      },
      [TIMERS.refund]: async (timer) => {
        const [o] = await db
          .select()
          .from(complexOrders)
          .where(eq(complexOrders.id, orderIdOf(timer)));
        if (!o?.paymentId) return;
        try {
          await payments.refund(o.paymentId, {
            reason: `complex order cancelled: ${o.cancelReason ?? ''}`.trim(),
          });
        } catch (err) {
          // Refunded already (a repeat of this timer): nothing left to do.
          if (err instanceof AppError && err.code === 'PaymentNotRefundable') return;
          throw err;
        }
      },
    },
    sweep: lockerProgress,
  });

  // ---------------------------------------------------------------- use cases

  async function party(userId: string, id: string, side?: 'buyer' | 'seller'): Promise<ComplexOrderRow> {
    const [row] = await db.select().from(complexOrders).where(eq(complexOrders.id, id));
    const isBuyer = row?.buyerId === userId;
    const isSeller = row?.sellerId === userId;
    if (!row || (!isBuyer && !isSeller)) throw notFound('order');
    if (side === 'buyer' && !isBuyer) throw new AppError('Forbidden', 'Only the buyer can do that.');
    if (side === 'seller' && !isSeller) throw new AppError('Forbidden', 'Only the seller can do that.');
    return row;
  }

  /** A step of one side, in one transaction on the locked order. */
  async function step(
    userId: string,
    id: string,
    side: 'buyer' | 'seller',
    move: (
      fx: Parameters<Parameters<typeof transactor.run>[0]>[1],
      o: ComplexOrderRow,
    ) => Promise<ComplexOrderRow>,
  ): Promise<ComplexOrder> {
    await party(userId, id, side);
    const row = await transactor.run(async (tx, fx) => move(fx, (await core.lock(tx, id))!));
    return view(row, userId);
  }

  const inPerson = (o: ComplexOrderRow) => {
    if (o.handover !== 'in_person')
      throw new AppError('ComplexOrderStateInvalid', 'This order is handed over through the locker.');
  };

  return {
    flows: { buy: buyFlow, cancel: cancelFlow },
    lockerProgress,

    async buy(userId: string, body: BuyListingBody): Promise<ComplexOrder> {
      const id = await buyFlow.run({ userId, body });
      return view((await party(userId, id))!, userId);
    },

    /** Orders I bought and sold, newest first (an unpaid one only for its buyer). */
    async list(userId: string): Promise<ComplexOrder[]> {
      const rows = await db
        .select()
        .from(complexOrders)
        .where(
          or(
            eq(complexOrders.buyerId, userId),
            and(
              eq(complexOrders.sellerId, userId),
              ne(complexOrders.state, 'awaiting_payment'),
              ne(complexOrders.state, 'expired'),
            ),
          ),
        )
        .orderBy(desc(complexOrders.createdAt))
        .limit(LIST_LIMIT);
      return views(db, rows, userId);
    },

    async get(userId: string, id: string): Promise<ComplexOrder> {
      return view(await party(userId, id), userId);
    },

    /** In person: the seller says it was handed over; the buyer has 48 h to report a problem. */
    handedOver: (userId: string, id: string) =>
      step(userId, id, 'seller', async (fx, o) => {
        inPerson(o);
        const confirmsAt = new Date(clock.now().getTime() + COMPLEX_RULES.confirmAfterHours * HOUR);
        const row = await core.transition(fx, o, ['paid'], 'handed_over', { patch: { confirmsAt } });
        await schedule(fx.tx, clock, {
          kind: TIMERS.autoConfirm,
          dueAt: confirmsAt,
          data: { orderId: o.id },
        });
        return row;
      }),

    /** In person: the buyer confirms receipt (also before the seller marks it). */
    received: (userId: string, id: string) =>
      step(userId, id, 'buyer', async (fx, o) => {
        inPerson(o);
        return core.transition(fx, o, ['paid', 'handed_over'], 'completed', { note: 'confirmed_by_buyer' });
      }),

    problem: (userId: string, id: string, reason: string) =>
      step(userId, id, 'buyer', async (fx, o) => {
        inPerson(o);
        return core.transition(fx, o, ['paid', 'handed_over'], 'disputed', { note: reason });
      }),

    /** The seller cancels before the hand-over: the buyer is refunded in full. */
    async cancel(userId: string, id: string, reason?: string): Promise<ComplexOrder> {
      await party(userId, id, 'seller');
      const done = await cancelFlow.run({ orderId: id, by: 'seller', userId, reason });
      return done ?? view(await party(userId, id), userId);
    },

    /** What Petti owes the seller: completed sales not yet paid out, what was paid out, what is on its way. */
    async earnings(userId: string): Promise<Earnings> {
      const rows = await db
        .select()
        .from(complexOrders)
        .where(
          and(
            eq(complexOrders.sellerId, userId),
            inArray(complexOrders.state, [...PENDING, 'completed', 'uncollected']),
          ),
        )
        .orderBy(desc(complexOrders.createdAt));
      let owedPaise = 0;
      let paidOutPaise = 0;
      let pendingPaise = 0;
      for (const r of rows) {
        if (r.state === 'completed' || r.state === 'uncollected') {
          if (r.paidOutAt) paidOutPaise += r.totalPaise;
          else owedPaise += r.totalPaise;
        } else pendingPaise += r.totalPaise;
      }
      return { owedPaise, paidOutPaise, pendingPaise, sales: await views(db, rows, userId) };
    },

    /** Ops: the seller of a completed order was paid. */
    async recordPayout(id: string): Promise<ComplexOrder> {
      const row = await transactor.run(async (tx) => {
        const o = await core.lock(tx, id);
        if (!o) throw notFound('order');
        if (o.state !== 'completed' && o.state !== 'uncollected')
          throw new AppError('ComplexOrderStateInvalid', 'Only a completed sale is paid out.');
        if (o.paidOutAt) return o;
        const [u] = await tx
          .update(complexOrders)
          .set({ paidOutAt: clock.now() })
          .where(eq(complexOrders.id, id))
          .returning();
        return u!;
      });
      return view(row, row.sellerId);
    },
  };
}

export type ComplexOrders = ReturnType<typeof createComplexOrders>;

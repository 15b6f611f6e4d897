import {
  type Booking,
  type CreateBookingBody,
  FINAL_BOOKING_STATES,
  type LockerQuoteAnswer,
  OPENABLE_STATES,
  quoteHours,
} from '@petti/shared';
import { and, desc, eq, gt, inArray, isNull, notInArray, notLike, or } from 'drizzle-orm';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import { usersService } from '../users/index.ts';
import {
  type Caller,
  invalid,
  lockOwn,
  type Outcome,
  overstayError,
  resolveStart,
  sizeAtSite,
} from './checks.ts';
import type { BookingCore } from './core.ts';
import { priceExtension } from './extension-price.ts';
import type { BookingFlows } from './flows/index.ts';
import { moveBooking } from './move.ts';
import { mayUse, type Offers } from './offers.ts';
import type { PaymentObject } from './ports.ts';
import { getRate } from './repo.ts';
import { type BookingRow, bookings, PARCEL_HOLD_KEY_PREFIX } from './schema.ts';
import { toBookings } from './views.ts';
import { offerAlternatives, type WaitlistQuery } from './waitlist-offers.ts';

const HOUR = 3_600_000;
const PAGE = 50;

export type { Caller };

type Held = {
  booking: BookingRow;
  payment: PaymentObject | null;
  offers?: Offers;
  waitlist?: WaitlistQuery;
};

type OverstayToPay = { overstay: BookingRow };

export function createBookingsService(core: BookingCore, flows: BookingFlows) {
  const { db, clock, transactor } = core.deps;

  async function dto(
    row: BookingRow,
    extra: { payment?: PaymentObject | null; offers?: Offers } = {},
  ): Promise<Booking> {
    const [d] = await toBookings(db, [row], clock.now());
    if (extra.payment) d!.payment = extra.payment as Booking['payment'];
    if (extra.offers) d!.offers = extra.offers as Booking['offers'];
    return d!;
  }

  async function settle<T>(run: (tx: Effects['tx'], fx: Effects) => Promise<Outcome<T>>): Promise<T> {
    const out = await transactor.run(run);
    if ('refused' in out) throw out.refused;
    return out.ok;
  }

  async function ownBooking(userId: string, id: string): Promise<BookingRow> {
    const [row] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, id), eq(bookings.userId, userId)));
    if (!row) throw notFound('booking');
    return row;
  }

  return {
    /** Price for a size, duration and start at a site, with the user's plan applied. */
    async quote(
      userId: string,
      q: { siteId: string; size: string; durationHours: number; startAt?: string },
    ): Promise<LockerQuoteAnswer> {
      const now = clock.now();
      const site = await core.siteOf(db, q.siteId);
      if (!mayUse(site, await usersService.complexOf(db, userId))) throw new AppError('UserNotEnable');
      await sizeAtSite(db, site.id, q.size);
      const { start } = resolveStart(site, q.startAt, now);
      const rate = await getRate(db, site.type, q.size);
      const plan = await core.allowance(db, userId, now);
      const quote = quoteHours(rate, q.size, 0, q.durationHours, plan);
      return {
        siteId: site.id,
        size: q.size as LockerQuoteAnswer['size'],
        durationHours: q.durationHours,
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + q.durationHours * HOUR).toISOString(),
        ...quote,
        currency: 'INR',
      };
    },

    /**
     * Books a locker: a free one is held 5 min for payment (or confirmed at once when the plan pays
     * it all); when the size is full the request joins the waitlist and the answer carries offers.
     */
    async create(caller: Caller, body: CreateBookingBody, requestKey?: string): Promise<Booking> {
      const outcome = await flows.book.run({ caller, body, requestKey });
      if ('refused' in outcome) throw outcome.refused;
      const result: Held = outcome.ok;
      if (result.waitlist) {
        result.offers = await offerAlternatives(core, caller, result.booking, result.waitlist);
      }
      return dto(result.booking, { payment: result.payment, offers: result.offers });
    },

    async list(userId: string, q: { period: 'recent' | 'past'; get_payment_detail: boolean; page: number }) {
      const now = clock.now();
      const finished = [...FINAL_BOOKING_STATES];
      const mine = and(
        eq(bookings.userId, userId),
        or(isNull(bookings.requestKey), notLike(bookings.requestKey, `${PARCEL_HOLD_KEY_PREFIX}%`)),
      );
      const where =
        q.period === 'past'
          ? and(mine, inArray(bookings.state, finished))
          : and(
              mine,
              or(
                notInArray(bookings.state, finished),
                gt(bookings.updatedAt, new Date(now.getTime() - 24 * HOUR)),
              ),
            );
      const rows = await db
        .select()
        .from(bookings)
        .where(where)
        .orderBy(desc(bookings.createdAt), desc(bookings.id))
        .limit(PAGE + 1)
        .offset((q.page - 1) * PAGE);
      const data = await toBookings(db, rows.slice(0, PAGE), now, { withPayments: q.get_payment_detail });
      return { data, period: q.period, page: q.page, hasMore: rows.length > PAGE };
    },

    async get(userId: string, id: string, withPayments = false): Promise<Booking> {
      const [d] = await toBookings(db, [await ownBooking(userId, id)], clock.now(), { withPayments });
      return d!;
    },

    /** Extends by whole hours: refused if the locker is booked after; priced (plan applied) and paid. */
    /** What adding `hours` would cost now (the extension's own price, plan applied); nothing is held. */
    async extensionQuote(userId: string, id: string, hours: number): Promise<LockerQuoteAnswer> {
      const b = await ownBooking(userId, id);
      const { quote } = await priceExtension(core, db, b, hours, clock.now());
      return {
        siteId: b.siteId,
        size: b.size as LockerQuoteAnswer['size'],
        durationHours: hours,
        startsAt: b.endsAt.toISOString(),
        endsAt: new Date(b.endsAt.getTime() + hours * HOUR).toISOString(),
        ...quote,
        currency: 'INR',
      };
    },

    async extend(caller: Caller, id: string, hours: number): Promise<Booking> {
      const r = await flows.extend.run({ caller, id, hours });
      return dto(r.booking, { payment: r.payment });
    },

    /** Ends an active booking (or an expired one whose overstay is paid): the locker is free again. */
    async end(caller: Caller, id: string): Promise<Booking> {
      const row = await settle<BookingRow | OverstayToPay>(async (tx, fx) => {
        const b = await lockOwn(core, tx, caller, id);
        if (b.state === 'expired') {
          const due = await core.overstayStatus(fx, b, caller.sessionId);
          if (due?.reused) return { refused: overstayError(b, due.reused) };
          if (due) return { ok: { overstay: b } };
          return { ok: await core.end(fx, b, 'overstay_cleared', caller.sessionId) };
        }
        if (b.state !== 'active') throw invalid(b, 'ended; cancel it instead');
        return { ok: await core.end(fx, b, 'user', caller.sessionId) };
      });
      if ('overstay' in row) throw await overstayToPay(caller, row.overstay);
      return dto(row);
    },

    /**
     * Ops: staff emptied an overstaying locker (the next booking needs it, or it has been left too
     * long). The booking ends as `cleared_by_staff`; its owner is told where the things are. Any
     * overstay not yet paid is not charged in the app.
     */
    async clearByStaff(id: string): Promise<BookingRow> {
      return transactor.run(async (tx, fx) => {
        const b = await core.lockBooking(tx, id);
        if (!b) throw new AppError('ResourceNotFound');
        if (b.state !== 'expired')
          throw new AppError(
            'BookingStateInvalid',
            `Only a booking whose time ran out with things still inside can be cleared (this one is ${b.state}).`,
          );
        return core.end(fx, b, 'cleared_by_staff', null);
      });
    },

    /** Remote open: sends an open command to the site's controller; the door's report completes it. */
    async unlock(
      caller: Caller,
      id: string,
    ): Promise<{ booking: Booking; commandId: string; status: 'waiting' }> {
      const r = await settle<{ booking: BookingRow; commandId: string } | OverstayToPay>(async (tx, fx) => {
        const b = await lockOwn(core, tx, caller, id);
        if (!(OPENABLE_STATES as readonly string[]).includes(b.state) || !b.lockerId)
          throw invalid(b, 'opened');
        const now = clock.now();
        const site = await core.siteOf(tx, b.siteId);
        if (!core.isOnline(site, now)) {
          await core.emit(fx, b, {
            event: 'lockerOffline',
            code: 'lockerOffline',
            reason: 'unlock',
            sessionId: caller.sessionId,
            site,
          });
          return {
            refused: new AppError(
              'lockerOffline',
              'This locker site is offline right now, so the app cannot open your locker. Type your PIN on the site’s keypad: it still opens it.',
              { details: { siteId: site.id, bookingId: b.id } },
            ),
          };
        }
        const due = await core.overstayStatus(fx, b, caller.sessionId);
        if (due?.reused) return { refused: overstayError(b, due.reused) };
        if (due) return { ok: { overstay: b } };
        const commandId = await core.deps.doors.openDoor(fx, {
          siteId: b.siteId,
          lockerId: b.lockerId,
          bookingId: b.id,
          reason: 'remote',
          sessionId: caller.sessionId,
        });
        await core.emit(fx, b, {
          event: 'waitingForUnlock',
          sessionId: caller.sessionId,
          site,
          extra: { commandId },
        });
        return { ok: { booking: b, commandId } };
      });
      if ('overstay' in r) throw await overstayToPay(caller, r.overstay);
      return { booking: await dto(r.booking), commandId: r.commandId, status: 'waiting' };
    },

    /** A new PIN at any time; the old one stops working at once. */
    async renewPin(caller: Caller, id: string): Promise<Booking> {
      const row = await settle<BookingRow>(async (tx, fx) => {
        const b = await lockOwn(core, tx, caller, id);
        const hasPinState =
          ['reserved', 'active', 'expired'].includes(b.state) || (b.state === 'scheduled' && b.pin);
        if (!hasPinState)
          throw new AppError(
            'BookingStateInvalid',
            'This booking has no PIN yet: it comes when the locker is reserved (a scheduled booking: 15 minutes before its start).',
          );
        // Offline, the site's keypad keeps the list it has: a new PIN would not open, the old one would.
        if (!core.isOnline(await core.siteOf(tx, b.siteId), clock.now()))
          throw new AppError(
            'lockerOffline',
            'This locker site is offline right now, so your PIN cannot be changed until it is back: the one you have still opens your locker at its keypad.',
            { details: { siteId: b.siteId, bookingId: b.id } },
          );
        const renewed = await core.issuePin(tx, b);
        await core.emit(fx, renewed, {
          event: 'dynamicPinChanged',
          reason: 'renewed',
          sessionId: caller.sessionId,
        });
        return { ok: renewed };
      });
      return dto(row);
    },

    /** Cancels before first use; refunds by the policy in docs/lockers.md. */
    async cancel(caller: Caller, id: string) {
      const r = await flows.cancel.run({ caller, id });
      return {
        booking: await dto(r.row),
        refund: { amountPaise: r.refund.refundPaise, rule: r.refund.rule },
      };
    },

    /** Moves a scheduled booking's start while nothing is in the way (same locker, else another of the size). */
    async move(caller: Caller, id: string, startAt: string): Promise<Booking> {
      return dto(await settle<BookingRow>((_tx, fx) => moveBooking(core, fx, caller, id, startAt)));
    },

    /** Live booking and extension charges for a payment id (used by the payment hooks). */
    dto,
  };

  /** The overstay must be paid first: its payment is opened (a flow), then the open is refused with it. */
  async function overstayToPay(caller: Caller, b: BookingRow): Promise<AppError> {
    const due = await flows.payOverstay.run({ bookingId: b.id, sessionId: caller.sessionId });
    if (!due) return new AppError('Conflict', 'The booking changed meanwhile. Please try again.');
    return overstayError(b, due);
  }
}

export type BookingsService = ReturnType<typeof createBookingsService>;

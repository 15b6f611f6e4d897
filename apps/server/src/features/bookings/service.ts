import type { PlanAllowance } from '@petti/shared';
import {
  type Booking,
  CANCELLABLE_STATES,
  type CreateBookingBody,
  cancellationRefund,
  EXTENDABLE_STATES,
  FINAL_BOOKING_STATES,
  isOpenAt,
  LOCKER_RULES,
  type LockerQuoteAnswer,
  OPENABLE_STATES,
  quoteHours,
  TOPICS,
} from '@petti/shared';
import { and, count, desc, eq, gt, inArray, isNull, notInArray, notLike, or } from 'drizzle-orm';
import { EXCLUSION_VIOLATION, isPgError } from '../../db/errors.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import { newId } from '../../platform/ids.ts';
import { schedule } from '../../platform/jobs/worker.ts';
import { lockerCommands, lockers } from '../lockers/schema.ts';
import { users } from '../users/schema.ts';
import { type BookingCore, TIMER } from './core.ts';
import { toBookingDtos } from './dto.ts';
import { computeOffers, mayUse, type Offers } from './offers.ts';
import type { PaymentObject } from './ports.ts';
import { freeLockers, getRate, liveBookingCount, lockSiteSize, type SiteRow } from './repo.ts';
import { type BookingRow, bookingCharges, bookings, PARCEL_HOLD_KEY_PREFIX } from './schema.ts';

const MIN = 60_000;
const HOUR = 3_600_000;
const PAGE = 50;

/** Who is asking: the user and the device session (`x-session-id`) the events should name. */
export interface Caller {
  userId: string;
  sessionId: string | null;
}

/** A refusal that is also told to the user's devices: the event commits, then the error is thrown. */
type Outcome<T> = { ok: T } | { refused: AppError };
type Held = {
  booking: BookingRow;
  payment: PaymentObject | null;
  offers?: Offers;
  waitlist?: { site: SiteRow; start: Date; plan: PlanAllowance | null; complexId: string | null };
};

export function createBookingsService(core: BookingCore, deps: { runTimerSoon: (id: string) => void }) {
  const { db, clock, transactor } = core.deps;

  async function dto(
    row: BookingRow,
    extra: { payment?: PaymentObject | null; offers?: Offers } = {},
  ): Promise<Booking> {
    const [d] = await toBookingDtos(db, [row], clock.now());
    if (extra.payment) d!.payment = extra.payment as Booking['payment'];
    if (extra.offers) d!.offers = extra.offers as Booking['offers'];
    return d!;
  }

  async function settle<T>(run: (tx: Effects['tx'], fx: Effects) => Promise<Outcome<T>>): Promise<T> {
    const out = await transactor.run(run);
    if ('refused' in out) throw out.refused;
    return out.ok;
  }

  function resolveStart(site: SiteRow, startAt: string | undefined, now: Date, mustBeLater = false) {
    const asked = startAt ? new Date(startAt) : now;
    const ahead = asked.getTime() - now.getTime();
    if (
      ahead < -LOCKER_RULES.startNowToleranceSeconds * 1000 ||
      ahead > LOCKER_RULES.maxStartAheadDays * 24 * HOUR
    )
      throw new AppError('StartNotAllowed');
    const scheduled = ahead > LOCKER_RULES.startNowToleranceSeconds * 1000;
    if (mustBeLater && !scheduled)
      throw new AppError(
        'StartNotAllowed',
        'A scheduled booking can be moved to a later time only, from a minute ahead.',
      );
    // Whole seconds: what the database and the app show.
    const start = new Date(Math.floor((scheduled ? asked : now).getTime() / 1000) * 1000);
    if (!isOpenAt({ open: site.opensAt, close: site.closesAt }, start))
      throw new AppError('SiteClosed', undefined, {
        details: { hours: { open: site.opensAt, close: site.closesAt } },
      });
    return { start, scheduled };
  }

  async function sizeAtSite(tx: Effects['tx'] | typeof db, siteId: string, size: string) {
    const [row] = await tx
      .select({ n: count() })
      .from(lockers)
      .where(and(eq(lockers.siteId, siteId), eq(lockers.size, size), eq(lockers.inService, true)));
    if (!row || Number(row.n) === 0) throw new AppError('SizeNotAtSite');
  }

  async function userComplex(tx: Effects['tx'] | typeof db, userId: string): Promise<string | null> {
    const [u] = await tx.select({ complexId: users.complexId }).from(users).where(eq(users.id, userId));
    return u?.complexId ?? null;
  }

  /** Refusing a booking at a complex site for a non-resident, or at an offline site: seed §8 events. */
  async function refuseAtSite(
    fx: Effects,
    caller: Caller,
    site: SiteRow,
    code: 'UserNotEnable' | 'lockerOffline',
  ) {
    await core.emitRaw(fx, {
      userId: caller.userId,
      event: code,
      code,
      site: { id: site.id, name: site.name },
      sessionId: caller.sessionId,
      reason: 'refused',
    });
    const message =
      code === 'UserNotEnable'
        ? `The lockers at ${site.name.en} are only for residents of its complex.`
        : undefined;
    return { refused: new AppError(code, message, { details: { siteId: site.id } }) } as const;
  }

  async function ownBooking(userId: string, id: string): Promise<BookingRow> {
    const [row] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, id), eq(bookings.userId, userId)));
    if (!row) throw notFound('That booking');
    return row;
  }

  async function lockOwn(tx: Effects['tx'], caller: Caller, id: string): Promise<BookingRow> {
    const b = await core.lockBooking(tx, id, caller.userId);
    if (!b) throw notFound('That booking');
    return b;
  }

  /**
   * A waitlisted request: the offers (other sizes here, this size later, this size at other sites)
   * and the events that tell every device about them (seed §4).
   */
  async function offerAlternatives(
    caller: Caller,
    w: BookingRow,
    q: NonNullable<Held['waitlist']>,
  ): Promise<Offers> {
    const now = clock.now();
    const offers = await computeOffers(db, {
      site: q.site,
      size: w.size,
      start: q.start,
      durationHours: w.durationHours,
      now,
      plan: q.plan,
      userComplexId: q.complexId,
      isOnline: (s) => core.isOnline(s, now),
    });
    await transactor.run(async (_tx, fx) => {
      const sid = caller.sessionId;
      const site = q.site;
      await core.emit(fx, w, { event: 'bookingCreatedWaitlisted', sessionId: sid, site, extra: { offers } });
      if (offers.otherSizes.length)
        await core.emit(fx, w, {
          event: 'otherSizeLockersReceived',
          sessionId: sid,
          site,
          text: { sizes: offers.otherSizes.map((o) => o.size) },
          extra: { sizes: offers.otherSizes },
        });
      if (offers.sameSizeLater)
        await core.emit(fx, w, {
          event: 'sameSizeScheduledBookingOffered',
          sessionId: sid,
          site,
          text: { startsAt: new Date(offers.sameSizeLater.startsAt) },
          extra: { slot: offers.sameSizeLater },
        });
      if (offers.otherSites.length)
        await core.emit(fx, w, {
          event: 'otherAvailabilityData',
          sessionId: sid,
          site,
          text: { sites: offers.otherSites.map((s) => s.name) },
          extra: { sites: offers.otherSites },
        });
    });
    return offers;
  }

  const invalid = (b: BookingRow, what: string) =>
    new AppError('BookingStateInvalid', `A ${b.state.replace('_', ' ')} booking cannot be ${what}.`, {
      details: { state: b.state },
    });

  return {
    /** Price for a size, duration and start at a site, with the user's plan applied. */
    async quote(
      userId: string,
      q: { siteId: string; size: string; durationHours: number; startAt?: string },
    ): Promise<LockerQuoteAnswer> {
      const now = clock.now();
      const site = await core.siteOf(db, q.siteId);
      if (!mayUse(site, await userComplex(db, userId))) throw new AppError('UserNotEnable');
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
      const result = await settle<Held>(async (tx, fx) => {
        if (requestKey) {
          const [seen] = await tx
            .select()
            .from(bookings)
            .where(and(eq(bookings.userId, caller.userId), eq(bookings.requestKey, requestKey)));
          if (seen) return { ok: { booking: seen, payment: null } };
        }
        const now = clock.now();
        const site = await core.siteOf(tx, body.siteId);
        const complexId = await userComplex(tx, caller.userId);
        if (!mayUse(site, complexId)) return refuseAtSite(fx, caller, site, 'UserNotEnable');
        if (!core.isOnline(site, now)) return refuseAtSite(fx, caller, site, 'lockerOffline');
        await sizeAtSite(tx, site.id, body.size);
        const { start, scheduled } = resolveStart(site, body.startAt, now);
        if ((await liveBookingCount(tx, caller.userId)) >= LOCKER_RULES.maxLiveBookingsPerUser)
          throw new AppError('TooManyBookings');
        const end = new Date(start.getTime() + body.durationHours * HOUR);
        const plan = await core.allowance(tx, caller.userId, now);
        await lockSiteSize(tx, site.id, body.size);
        const base = {
          userId: caller.userId,
          siteId: site.id,
          size: body.size,
          scheduled,
          preferLow: body.preferLow ?? false,
          priority: plan?.waitlistPriority ? 1 : 0,
          startsAt: start,
          endsAt: end,
          occupiedUntil: end,
          durationHours: body.durationHours,
          requestKey: requestKey ?? null,
          createdAt: now,
          updatedAt: now,
        };
        for (const locker of await freeLockers(tx, {
          siteId: site.id,
          size: body.size,
          start,
          end,
          preferLow: body.preferLow,
        })) {
          let row: BookingRow | undefined;
          try {
            [row] = await tx.transaction((sp) =>
              sp
                .insert(bookings)
                .values({ ...base, id: newId(), lockerId: locker.id, state: 'awaiting_payment' })
                .returning(),
            );
          } catch (err) {
            if (isPgError(err, EXCLUSION_VIOLATION)) continue; // taken a moment ago: the next one
            throw err;
          }
          const held = await core.startHold(fx, row!, site, 'create', caller.sessionId, { plan });
          return { ok: held };
        }
        // Full: join the waitlist. The offers are worked out after the commit (they need no lock).
        const [waiting] = await tx
          .insert(bookings)
          .values({ ...base, id: newId(), lockerId: null, state: 'waitlisted' })
          .returning();
        await core.timer(
          tx,
          TIMER.waitlistExpiry,
          new Date(start.getTime() + LOCKER_RULES.waitlistMinutes * MIN),
          waiting!,
        );
        return { ok: { booking: waiting!, payment: null, waitlist: { site, start, plan, complexId } } };
      });
      if (result.waitlist) {
        result.offers = await offerAlternatives(caller, result.booking, result.waitlist);
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
      const data = await toBookingDtos(db, rows.slice(0, PAGE), now, { withPayments: q.get_payment_detail });
      return { data, period: q.period, page: q.page, hasMore: rows.length > PAGE };
    },

    async get(userId: string, id: string, withPayments = false): Promise<Booking> {
      const [d] = await toBookingDtos(db, [await ownBooking(userId, id)], clock.now(), { withPayments });
      return d!;
    },

    /** Extends by whole hours: refused if the locker is booked after; priced (plan applied) and paid. */
    async extend(caller: Caller, id: string, hours: number): Promise<Booking> {
      const r = await settle<Held>(async (tx, fx) => {
        const b = await lockOwn(tx, caller, id);
        if (!(EXTENDABLE_STATES as readonly string[]).includes(b.state)) throw invalid(b, 'extended');
        const charges = await core.chargesOf(tx, b.id);
        if (charges.some((c) => c.kind === 'extension' && c.state === 'pending'))
          throw new AppError('ExtensionPending');
        const booked = b.durationHours + b.extendedHours;
        if (booked + hours > LOCKER_RULES.maxTotalHours)
          throw new AppError('BookingTooLong', undefined, {
            details: { hoursLeft: LOCKER_RULES.maxTotalHours - booked },
          });
        const now = clock.now();
        const site = await core.siteOf(tx, b.siteId);
        const rate = await getRate(tx, site.type, b.size);
        const plan = await core.allowance(tx, b.userId, now);
        const quote = quoteHours(rate, b.size, booked, booked + hours, plan);
        const newEnd = new Date(b.endsAt.getTime() + hours * HOUR);
        const held = await core.tryUpdate(tx, b, {
          occupiedUntil: b.occupiedUntil && b.occupiedUntil > newEnd ? b.occupiedUntil : newEnd,
        });
        if (!held) throw new AppError('ExtensionOverlaps');
        const holdExpiresAt = new Date(now.getTime() + LOCKER_RULES.holdMinutes * MIN);
        const { charge, payment } = await core.addCharge(tx, held, site, {
          kind: 'extension',
          hours,
          quote,
          plan,
          holdExpiresAt,
        });
        if (!payment)
          return {
            ok: { booking: await core.applyExtension(fx, held, charge, caller.sessionId), payment: null },
          };
        await core.timer(tx, TIMER.extensionHoldExpiry, holdExpiresAt, held, { chargeId: charge.id });
        await core.emit(fx, held, {
          event: 'bookingStatusChanged',
          reason: 'extensionPending',
          sessionId: caller.sessionId,
          isRequirePricing: true,
          payment,
          site,
          extra: { hours, amountPaise: quote.amountPaise },
        });
        return { ok: { booking: held, payment } };
      });
      return dto(r.booking, { payment: r.payment });
    },

    /** Ends an active booking (or an expired one whose overstay is paid): the locker is free again. */
    async end(caller: Caller, id: string): Promise<Booking> {
      const row = await settle<BookingRow>(async (tx, fx) => {
        const b = await lockOwn(tx, caller, id);
        if (b.state === 'expired') {
          const due = await core.requireOverstayPaid(fx, b, caller.sessionId);
          if (due) return { refused: overstayError(b, due) };
          return { ok: await core.end(fx, b, 'overstay_cleared', caller.sessionId) };
        }
        if (b.state !== 'active') throw invalid(b, 'ended; cancel it instead');
        return { ok: await core.end(fx, b, 'user', caller.sessionId) };
      });
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
      const r = await settle<{ booking: BookingRow; commandId: string }>(async (tx, fx) => {
        const b = await lockOwn(tx, caller, id);
        if (!(OPENABLE_STATES as readonly string[]).includes(b.state) || !b.lockerId)
          throw invalid(b, 'opened');
        const now = clock.now();
        const site = await core.siteOf(tx, b.siteId);
        if (!core.isOnline(site, now)) {
          await core.emit(fx, b, {
            event: 'lockerOffline',
            code: 'lockerOffline',
            reason: 'refused',
            sessionId: caller.sessionId,
            site,
          });
          return {
            refused: new AppError('lockerOffline', undefined, {
              details: { siteId: site.id, bookingId: b.id },
            }),
          };
        }
        const due = await core.requireOverstayPaid(fx, b, caller.sessionId);
        if (due) return { refused: overstayError(b, due) };
        const commandId = newId();
        await tx.insert(lockerCommands).values({
          id: commandId,
          siteId: b.siteId,
          lockerId: b.lockerId,
          bookingId: b.id,
          reason: 'remote',
          sessionId: caller.sessionId,
          createdAt: now,
        });
        await core.deps.outbox.enqueue(fx, TOPICS.lockerCommands(b.siteId), {
          type: 'open',
          lockerId: b.lockerId,
          commandId,
          reason: 'remote',
        });
        await core.timer(
          tx,
          TIMER.unlockTimeout,
          new Date(now.getTime() + LOCKER_RULES.unlockTimeoutSeconds * 1000),
          b,
          { commandId },
        );
        await core.emit(fx, b, {
          event: 'waitingForUnlock',
          sessionId: caller.sessionId,
          site,
          extra: { commandId },
        });
        return { ok: { booking: b, commandId } };
      });
      return { booking: await dto(r.booking), commandId: r.commandId, status: 'waiting' };
    },

    /** A new PIN at any time; the old one stops working at once. */
    async renewPin(caller: Caller, id: string): Promise<Booking> {
      const row = await settle<BookingRow>(async (tx, fx) => {
        const b = await lockOwn(tx, caller, id);
        const hasPinState =
          ['reserved', 'active', 'expired'].includes(b.state) || (b.state === 'scheduled' && b.pin);
        if (!hasPinState)
          throw new AppError(
            'BookingStateInvalid',
            'This booking has no PIN yet: it comes when the locker is reserved (a scheduled booking: 15 minutes before its start).',
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
      const r = await settle<{ row: BookingRow; refund: ReturnType<typeof cancellationRefund> }>(
        async (tx, fx) => {
          const b = await lockOwn(tx, caller, id);
          if (!(CANCELLABLE_STATES as readonly string[]).includes(b.state))
            throw invalid(b, 'cancelled; end it instead');
          const now = clock.now();
          const charges = await core.chargesOf(tx, b.id);
          const paid = charges.filter((c) => c.state === 'paid' && c.paymentId);
          const refund = cancellationRefund({
            state: b.state,
            paidPaise: paid.reduce((n, c) => n + c.amountPaise, 0),
            startsAt: b.startsAt,
            now,
          });
          const row = await core.close(fx, b, 'cancelled', 'cancel', caller.sessionId);
          const kept = charges.filter((c) => c.state === 'paid' || c.state === 'covered');
          await core.releasePlanHours(tx, kept);
          if (kept.length)
            await tx
              .update(bookingCharges)
              .set({ state: 'refunded' })
              .where(
                inArray(
                  bookingCharges.id,
                  kept.map((c) => c.id),
                ),
              );
          // Split the refund over the payments, largest first.
          let left = refund.refundPaise;
          const timerIds: string[] = [];
          for (const c of [...paid].sort((a, z) => z.amountPaise - a.amountPaise)) {
            const amountPaise = Math.min(left, c.amountPaise);
            if (amountPaise <= 0) break;
            left -= amountPaise;
            timerIds.push(
              await schedule(tx, clock, {
                kind: TIMER.refund,
                dueAt: now,
                key: `refund:${c.id}`,
                bookingId: b.id,
                data: { paymentId: c.paymentId, amountPaise, reason: `booking cancelled (${refund.rule})` },
              }),
            );
          }
          fx.later(async () => {
            for (const timerId of timerIds) deps.runTimerSoon(timerId);
          });
          await core.emit(fx, row, {
            event: 'userBookingDeleted',
            sessionId: caller.sessionId,
            text: { amountPaise: refund.refundPaise },
            extra: { refund: { amountPaise: refund.refundPaise, rule: refund.rule } },
          });
          if (b.lockerId) await core.offerToWaitlist(fx, b.siteId, b.size);
          return { ok: { row, refund } };
        },
      );
      return {
        booking: await dto(r.row),
        refund: { amountPaise: r.refund.refundPaise, rule: r.refund.rule },
      };
    },

    /** Moves a scheduled booking's start while nothing is in the way (same locker, else another of the size). */
    async move(caller: Caller, id: string, startAt: string): Promise<Booking> {
      const row = await settle<BookingRow>(async (tx, fx) => {
        const b = await lockOwn(tx, caller, id);
        if (b.state !== 'scheduled') throw invalid(b, 'moved');
        const charges = await core.chargesOf(tx, b.id);
        if (charges.some((c) => c.kind === 'extension' && c.state === 'pending'))
          throw new AppError('ExtensionPending');
        const now = clock.now();
        const site = await core.siteOf(tx, b.siteId);
        const { start } = resolveStart(site, startAt, now, true);
        const end = new Date(start.getTime() + (b.durationHours + b.extendedHours) * HOUR);
        const patch = { startsAt: start, endsAt: end, occupiedUntil: end, pinExpiresAt: b.pin ? end : null };
        let moved: BookingRow | null = await core.tryUpdate(tx, b, patch);
        if (!moved) {
          for (const l of await freeLockers(tx, {
            siteId: b.siteId,
            size: b.size,
            start,
            end,
            preferLow: b.preferLow,
            except: b.id,
          })) {
            moved = await core.tryUpdate(tx, b, { ...patch, lockerId: l.id });
            if (moved) break;
          }
        }
        if (!moved) throw new AppError('MoveNotPossible');
        const pinAt = new Date(start.getTime() - LOCKER_RULES.pinIssueBeforeStartMinutes * MIN);
        if (!moved.pin && pinAt <= now) moved = await core.issuePin(tx, moved);
        else if (!moved.pin) await core.timer(tx, TIMER.pinIssue, pinAt, moved);
        await core.timer(tx, TIMER.scheduledStart, start, moved);
        await core.timer(
          tx,
          TIMER.openDeadline,
          new Date(start.getTime() + LOCKER_RULES.scheduledOpenGraceMinutes * MIN),
          moved,
        );
        await core.timer(tx, TIMER.end, end, moved);
        await core.emit(fx, moved, {
          event: 'bookingStatusChanged',
          reason: 'moved',
          sessionId: caller.sessionId,
          site,
        });
        if (moved.pin)
          await core.emit(fx, moved, { event: 'pinExpiryUpdated', sessionId: caller.sessionId, site });
        await core.offerToWaitlist(fx, b.siteId, b.size);
        return { ok: moved };
      });
      return dto(row);
    },

    /** Live booking and extension charges for a payment id (used by the payment hooks). */
    dto,
  };

  function overstayError(b: BookingRow, due: { payment: PaymentObject; amountPaise: number; hours: number }) {
    return new AppError('OverstayUnpaid', undefined, {
      details: { bookingId: b.id, amountPaise: due.amountPaise, hours: due.hours, payment: due.payment },
    });
  }
}

export type BookingsService = ReturnType<typeof createBookingsService>;

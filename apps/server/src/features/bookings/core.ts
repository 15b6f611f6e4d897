import { randomInt } from 'node:crypto';
import {
  type BookingState,
  canTransition,
  generatePin,
  holdsLocker,
  isOpenAt,
  LOCKER_RULES,
  type LockerQuote,
  type LockerRate,
  overstayCharge,
  overstayHours,
  type PlanAllowance,
  quoteHours,
} from '@petti/shared';
import { and, asc, desc, eq, gte, inArray, isNotNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { EXCLUSION_VIOLATION, isPgError, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EventOutbox } from '../../platform/events/outbox.ts';
import type { Effects, Transactor } from '../../platform/events/transactor.ts';
import { newId } from '../../platform/ids.ts';
import { schedule } from '../../platform/jobs/worker.ts';
import { type DoorCommands, UNLOCK_TIMEOUT_TIMER } from '../lockers/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { createEmitter, type EmitInput, lockerLabel } from './emitter.ts';
import type { LockerPaymentPurpose, LockerPlanSource, PaymentObject, PaymentsPort } from './ports.ts';
import { freeLockers, getRate, getSite, lockSiteSize, type SiteRow } from './repo.ts';
import { type BookingRow, bookingCharges, bookings, type ChargeRow } from './schema.ts';

const MIN = 60_000;
const HOUR = 3_600_000;

export type BookingPatch = Partial<Omit<BookingRow, 'id' | 'during' | 'createdAt'>>;

export interface CoreDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  config: Pick<Config, 'LOCKER_OFFLINE_SECONDS'>;
  transactor: Transactor;
  outbox: EventOutbox;
  notifications: NotificationsService;
  /** Late-bound: the payments feature may be wired after bookings. */
  payments: () => PaymentsPort | null;
  plans: LockerPlanSource;
  /** Opening a door: the one command, owned by lockers. */
  doors: DoorCommands;
  /** Runs a timer just scheduled (after its transaction commits) instead of waiting for the poll. */
  runTimerSoon: (id: string) => Promise<void>;
}

/** Timer kinds bookings set (handlers in timers.ts). */
export const TIMER = {
  holdExpiry: 'booking-hold-expiry',
  extensionHoldExpiry: 'booking-extension-hold-expiry',
  pinIssue: 'booking-pin-issue',
  scheduledStart: 'booking-scheduled-start',
  openDeadline: 'booking-open-deadline',
  end: 'booking-end',
  waitlistExpiry: 'booking-waitlist-expiry',
  unlockTimeout: UNLOCK_TIMEOUT_TIMER,
  refund: 'booking-refund',
  /** Opens the payment of a hold given to a waitlisted request (the provider call: no transaction). */
  openPayment: 'booking-open-payment',
} as const;

/**
 * The booking state machine's moving parts, shared by the routes, the timers, the payment hooks and
 * the controller messages. Every function runs inside the caller's transaction and writes its
 * events to the outbox through `fx`. Lock order (see platform/jobs/worker.ts): timer row → the
 * site-and-size advisory lock → booking rows.
 */
export function createBookingCore(deps: CoreDeps) {
  const { clock, log } = deps;
  const emitRaw = createEmitter({ outbox: deps.outbox, notifications: deps.notifications });

  async function siteOf(tx: DbOrTx, siteId: string): Promise<SiteRow> {
    const site = await getSite(tx, siteId);
    if (!site) throw new AppError('ResourceNotFound', 'That locker site was not found.');
    return site;
  }

  /**
   * Locks a booking for a change, taking its site-and-size lock first (the lock order). Null when
   * there is no such booking (or, with `userId`, not that user's).
   */
  async function lockBooking(tx: Tx, id: string, userId?: string): Promise<BookingRow | null> {
    const [peek] = await tx
      .select({ siteId: bookings.siteId, size: bookings.size, userId: bookings.userId })
      .from(bookings)
      .where(eq(bookings.id, id));
    if (!peek || (userId && peek.userId !== userId)) return null;
    await lockSiteSize(tx, peek.siteId, peek.size);
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    return row ?? null;
  }

  async function emit(
    fx: Effects,
    b: BookingRow,
    input: Omit<EmitInput, 'userId' | 'site' | 'booking'> & { site?: SiteRow },
  ) {
    const site = input.site ?? (await siteOf(fx.tx, b.siteId));
    await emitRaw(fx, { ...input, userId: b.userId, site: { id: site.id, name: site.name }, booking: b });
  }

  function isOnline(site: SiteRow, now: Date): boolean {
    return (
      site.lastHeartbeatAt !== null &&
      now.getTime() - site.lastHeartbeatAt.getTime() < deps.config.LOCKER_OFFLINE_SECONDS * 1000
    );
  }

  async function allowance(tx: DbOrTx, userId: string, now: Date): Promise<PlanAllowance | null> {
    const sub = await deps.plans.activeLockerPlan(tx, userId, now);
    if (!sub) return null;
    return {
      planId: sub.planId,
      subscriptionId: sub.subscriptionId,
      sizes: sub.sizes,
      hoursLeft: Math.max(0, sub.hoursLeft),
      waitlistPriority: sub.waitlistPriority,
    };
  }

  /** Changes a booking, checking the move against the state table and that nobody changed it meanwhile. */
  async function update(tx: DbOrTx, b: BookingRow, patch: BookingPatch): Promise<BookingRow> {
    if (patch.state && patch.state !== b.state && !canTransition(b.state, patch.state))
      throw new Error(`booking ${b.id}: ${b.state} → ${patch.state} is not allowed`);
    const [row] = await tx
      .update(bookings)
      .set({ ...patch, updatedAt: clock.now() })
      .where(and(eq(bookings.id, b.id), eq(bookings.state, b.state)))
      .returning();
    if (!row) throw new AppError('Conflict');
    return row;
  }

  /** As update, but answers null instead of failing when the locker interval would overlap another booking. */
  async function tryUpdate(tx: Tx, b: BookingRow, patch: BookingPatch): Promise<BookingRow | null> {
    try {
      return await tx.transaction((sp) => update(sp, b, patch));
    } catch (err) {
      if (isPgError(err, EXCLUSION_VIOLATION)) return null;
      throw err;
    }
  }

  async function timer(
    tx: DbOrTx,
    kind: string,
    dueAt: Date,
    b: BookingRow,
    data: Record<string, unknown> = {},
  ) {
    await schedule(tx, clock, {
      kind,
      dueAt,
      bookingId: b.id,
      siteId: b.siteId,
      lockerId: b.lockerId ?? undefined,
      data,
    });
  }

  async function chargesOf(tx: DbOrTx, bookingId: string): Promise<ChargeRow[]> {
    return tx
      .select()
      .from(bookingCharges)
      .where(eq(bookingCharges.bookingId, bookingId))
      .orderBy(asc(bookingCharges.createdAt));
  }

  /**
   * Records what a booking (or its extension or overstay) costs, taking its plan hours. A charge
   * with an amount is `pending`: its payment is opened by a flow step outside any transaction
   * (flows/steps/payment.ts).
   */
  async function addCharge(
    tx: Tx,
    b: BookingRow,
    input: {
      kind: LockerPaymentPurpose;
      hours: number;
      quote: LockerQuote;
      plan: PlanAllowance | null;
      holdExpiresAt?: Date | null;
    },
  ): Promise<ChargeRow> {
    const q = input.quote;
    if (q.planHours > 0 && input.plan) {
      const taken = await deps.plans.useHours(tx, input.plan.subscriptionId, q.planHours);
      if (!taken) throw new AppError('Conflict', 'Your plan hours changed meanwhile. Please try again.');
    }
    const [charge] = await tx
      .insert(bookingCharges)
      .values({
        id: newId(),
        bookingId: b.id,
        userId: b.userId,
        kind: input.kind,
        hours: input.hours,
        planHours: q.planHours,
        planId: q.planHours > 0 ? q.planId : null,
        subscriptionId: q.planHours > 0 && input.plan ? input.plan.subscriptionId : null,
        basePaise: q.basePaise,
        amountPaise: q.amountPaise,
        taxPaise: q.taxPaise,
        state: q.amountPaise > 0 ? 'pending' : 'covered',
        holdExpiresAt: q.amountPaise > 0 ? (input.holdExpiresAt ?? null) : null,
        createdAt: clock.now(),
      })
      .returning();
    return charge!;
  }

  /** Issues (or replaces) the booking's PIN: 6 digits, unique among the site's live PINs, valid to the end. */
  async function issuePin(tx: Tx, b: BookingRow): Promise<BookingRow> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const live = await tx
        .select({ pin: bookings.pin })
        .from(bookings)
        .where(and(eq(bookings.siteId, b.siteId), isNotNull(bookings.pin)));
      const avoid = new Set(live.map((r) => r.pin!));
      if (b.pin) avoid.add(b.pin);
      const pin = generatePin(randomInt, avoid);
      try {
        return await tx.transaction((sp) =>
          update(sp, b, { pin, pinIssuedAt: clock.now(), pinExpiresAt: b.endsAt }),
        );
      } catch (err) {
        // Another transaction took the same PIN at this site a moment ago: draw again.
        if (!isPgError(err, UNIQUE_VIOLATION)) throw err;
      }
    }
    throw new Error('could not issue a unique PIN');
  }

  /**
   * A paid (or plan-covered) booking: a future start becomes `scheduled` with its timers; a start
   * that has come becomes `reserved` with its PIN.
   */
  async function confirmPaid(
    fx: Effects,
    b0: BookingRow,
    sessionId: string | null,
    site?: SiteRow,
  ): Promise<BookingRow> {
    const tx = fx.tx;
    const now = clock.now();
    let b = b0;
    const s = site ?? (await siteOf(tx, b.siteId));
    const futureStart = b.startsAt.getTime() > now.getTime();
    if (b.scheduled && futureStart) {
      b = await update(tx, b, { state: 'scheduled', holdExpiresAt: null });
      const pinAt = new Date(b.startsAt.getTime() - LOCKER_RULES.pinIssueBeforeStartMinutes * MIN);
      if (pinAt <= now) b = await issuePin(tx, b);
      else await timer(tx, TIMER.pinIssue, pinAt, b);
      await timer(tx, TIMER.scheduledStart, b.startsAt, b);
      await timer(
        tx,
        TIMER.openDeadline,
        new Date(b.startsAt.getTime() + LOCKER_RULES.scheduledOpenGraceMinutes * MIN),
        b,
      );
      await timer(tx, TIMER.end, b.endsAt, b);
      await emit(fx, b, { event: 'bookingCreatedScheduled', sessionId, site: s });
      return b;
    }
    b = await update(tx, b, { state: 'reserved', holdExpiresAt: null });
    b = await issuePin(tx, b);
    if (b.scheduled)
      await timer(
        tx,
        TIMER.openDeadline,
        new Date(b.startsAt.getTime() + LOCKER_RULES.scheduledOpenGraceMinutes * MIN),
        b,
      );
    await timer(tx, TIMER.end, b.endsAt, b);
    await emit(fx, b, { event: 'bookingReserved', sessionId, site: s });
    return b;
  }

  /**
   * A booking that has a locker (state awaiting_payment): price it with the user's plan, then hold it
   * 5 min for payment, or confirm it at once when the plan covers it all. The payment is opened
   * outside this transaction: by the booking flow (`via: 'create'`), or by the `openPayment` timer
   * for a waitlisted request that just got a locker (docs/product.md#waitlist).
   */
  async function startHold(
    fx: Effects,
    b0: BookingRow,
    site: SiteRow,
    via: 'create' | 'waitlist',
    sessionId: string | null,
    known?: { plan: PlanAllowance | null },
  ): Promise<{ booking: BookingRow; charge: ChargeRow | null }> {
    const tx = fx.tx;
    const now = clock.now();
    const rate = await getRate(tx, site.type, b0.size);
    const plan = known ? known.plan : await allowance(tx, b0.userId, now);
    const quote = quoteHours(rate, b0.size, 0, b0.durationHours, plan);
    const holdExpiresAt = new Date(now.getTime() + LOCKER_RULES.holdMinutes * MIN);
    const charge = await addCharge(tx, b0, {
      kind: 'booking',
      hours: b0.durationHours,
      quote,
      plan,
      holdExpiresAt,
    });
    if (charge.state === 'pending') {
      const b = await update(tx, b0, { holdExpiresAt });
      await timer(tx, TIMER.holdExpiry, holdExpiresAt, b);
      if (via === 'waitlist') {
        const id = await schedule(tx, clock, {
          kind: TIMER.openPayment,
          dueAt: now,
          key: `open-payment:${charge.id}`,
          bookingId: b.id,
          siteId: b.siteId,
          data: { chargeId: charge.id },
        });
        fx.later(() => deps.runTimerSoon(id));
      }
      return { booking: b, charge };
    }
    const event = via === 'create' ? 'bookingCreated' : 'availableLockerFound';
    await emit(fx, b0, { event, sessionId, isRequirePricing: false, reason: 'covered', site });
    return { booking: await confirmPaid(fx, b0, sessionId, site), charge: null };
  }

  /** Gives plan hours of charges that will not be paid (lapsed, cancelled) back to their subscription. */
  async function releasePlanHours(tx: DbOrTx, charges: ChargeRow[]): Promise<void> {
    for (const c of charges)
      if (c.subscriptionId && c.planHours > 0)
        await deps.plans.releaseHours(tx, c.subscriptionId, c.planHours);
  }

  /** Sets the booking's final state, drops its PIN and open charges; the caller emits the main event. */
  async function close(
    fx: Effects,
    b: BookingRow,
    to: Extract<BookingState, 'ended' | 'timed_out' | 'cancelled'>,
    reason: string,
    sessionId: string | null,
  ): Promise<BookingRow> {
    const tx = fx.tx;
    const now = clock.now();
    const until = b.occupiedUntil && b.occupiedUntil < now ? b.occupiedUntil : now;
    const row = await update(tx, b, {
      state: to,
      pin: null,
      holdExpiresAt: null,
      closeReason: reason,
      endedAt: now,
      occupiedUntil: until < b.startsAt ? b.startsAt : until,
    });
    const lapsed = await tx
      .update(bookingCharges)
      .set({ state: 'lapsed' })
      .where(and(eq(bookingCharges.bookingId, b.id), eq(bookingCharges.state, 'pending')))
      .returning();
    await releasePlanHours(tx, lapsed);
    if (b.pin) await emit(fx, row, { event: 'dynamicPinDeleted', sessionId });
    return row;
  }

  /**
   * Ends a booking: the user, its time ran out unused, the last open after overstay, or staff
   * emptied an overstaying locker the next booking needs (ops API).
   */
  async function end(
    fx: Effects,
    b: BookingRow,
    reason: 'user' | 'unused' | 'overstay_cleared' | 'cleared_by_staff',
    sessionId: string | null,
  ) {
    await lockSiteSize(fx.tx, b.siteId, b.size);
    const row = await close(fx, b, 'ended', reason, sessionId);
    await emit(fx, row, { event: 'bookingEnded', sessionId, reason });
    await offerToWaitlist(fx, b.siteId, b.size);
    return row;
  }

  async function timeOut(fx: Effects, b: BookingRow, reason: 'payment' | 'scheduled' | 'waitlist') {
    await lockSiteSize(fx.tx, b.siteId, b.size);
    const row = await close(
      fx,
      b,
      'timed_out',
      reason === 'payment' ? 'hold' : reason === 'scheduled' ? 'no_show' : 'waitlist',
      null,
    );
    await emit(fx, row, { event: 'bookingTimedOut', reason });
    if (holdsLocker(b.state)) await offerToWaitlist(fx, b.siteId, b.size);
    return row;
  }

  /**
   * A locker of this size at this site may have freed: give it to the waitlist, Locker Plus holders
   * first, then oldest first. Each waiting request gets a hold (or, plan-covered, the booking).
   */
  async function offerToWaitlist(fx: Effects, siteId: string, size: string): Promise<void> {
    const tx = fx.tx;
    await lockSiteSize(tx, siteId, size);
    const waiting = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.siteId, siteId), eq(bookings.size, size), eq(bookings.state, 'waitlisted')))
      .orderBy(desc(bookings.priority), asc(bookings.createdAt))
      .for('update');
    if (!waiting.length) return;
    const site = await siteOf(tx, siteId);
    const now = clock.now();
    if (!isOnline(site, now)) return;
    for (const w of waiting) {
      const start = new Date(Math.max(w.startsAt.getTime(), Math.floor(now.getTime() / 1000) * 1000));
      if (!isOpenAt({ open: site.opensAt, close: site.closesAt }, start)) continue;
      const end = new Date(start.getTime() + w.durationHours * HOUR);
      const [locker] = await freeLockers(tx, { siteId, size, start, end, preferLow: w.preferLow });
      if (!locker) continue;
      const held = await tryUpdate(tx, w, {
        state: 'awaiting_payment',
        lockerId: locker.id,
        startsAt: start,
        endsAt: end,
        occupiedUntil: end,
        scheduled: start.getTime() > now.getTime() + LOCKER_RULES.startNowToleranceSeconds * 1000,
      });
      if (held) await startHold(fx, held, site, 'waitlist', null);
    }
  }

  /** Applies a paid (or covered) extension: the end and the PIN's expiry move on. */
  async function applyExtension(fx: Effects, b: BookingRow, charge: ChargeRow, sessionId: string | null) {
    const now = clock.now();
    const endsAt = new Date(b.endsAt.getTime() + charge.hours * HOUR);
    const patch: BookingPatch = {
      endsAt,
      extendedHours: b.extendedHours + charge.hours,
      pinExpiresAt: b.pin ? endsAt : b.pinExpiresAt,
    };
    if (b.state === 'expired') {
      if (endsAt > now) Object.assign(patch, { state: 'active', occupiedUntil: endsAt, expiredAt: null });
    } else if (b.occupiedUntil && b.occupiedUntil < endsAt) patch.occupiedUntil = endsAt;
    const row = await update(fx.tx, b, patch);
    await timer(fx.tx, TIMER.end, endsAt, row);
    await emit(fx, row, { event: 'bookingCreatedExtended', sessionId, extra: { hours: charge.hours } });
    if (row.pin) await emit(fx, row, { event: 'pinExpiryUpdated', sessionId });
    return row;
  }

  /**
   * Time ran out while in use: the booking is `expired` and keeps its locker until emptied (open-ended).
   * Later bookings on that locker move to another free locker of the size; if none is free, the
   * overstay's hold stops at the next booking's start (docs/lockers.md, "Limits").
   */
  async function expire(fx: Effects, b: BookingRow) {
    const tx = fx.tx;
    await lockSiteSize(tx, b.siteId, b.size);
    const later = await tx
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.lockerId, b.lockerId!),
          ne(bookings.id, b.id),
          inArray(bookings.state, ['awaiting_payment', 'scheduled', 'reserved']),
          gte(bookings.startsAt, b.endsAt),
        ),
      )
      .orderBy(asc(bookings.startsAt))
      .for('update');
    let cap = null as Date | null;
    for (const l of later) {
      const options = await freeLockers(tx, {
        siteId: l.siteId,
        size: l.size,
        start: l.startsAt,
        end: l.occupiedUntil,
        preferLow: l.preferLow,
        except: l.id,
      });
      const target = options.find((o) => o.id !== b.lockerId);
      const moved = target ? await tryUpdate(tx, l, { lockerId: target.id }) : null;
      if (moved) {
        await emit(fx, moved, { event: 'bookingStatusChanged', reason: 'relocated' });
      } else {
        cap = cap && cap < l.startsAt ? cap : l.startsAt;
        log.warn(
          { bookingId: b.id, next: l.id },
          'overstay: the next booking on this locker could not be moved',
        );
      }
    }
    const row = await update(tx, b, { state: 'expired', expiredAt: clock.now(), occupiedUntil: cap });
    await emit(fx, row, { event: 'bookingExpired' });
    return row;
  }

  function overstayDue(b: BookingRow, rate: LockerRate, now: Date) {
    const hoursOver = overstayHours(b.endsAt, now);
    return overstayCharge(rate, b.durationHours + b.extendedHours, hoursOver, b.overstayPaidHours);
  }

  /**
   * Before the last open of an expired booking the overstay so far must be paid. Null when nothing is
   * due; `reused` when the pending overstay payment still covers it (the user is told again, in this
   * transaction); otherwise the `bookings.pay-overstay` flow must open a new one.
   */
  async function overstayStatus(fx: Effects, b: BookingRow, sessionId: string | null) {
    if (b.state !== 'expired') return null;
    const tx = fx.tx;
    const site = await siteOf(tx, b.siteId);
    const due = overstayDue(b, await getRate(tx, site.type, b.size), clock.now());
    if (due.amountPaise === 0) return null;
    const pending = (await chargesOf(tx, b.id)).find((c) => c.kind === 'overstay' && c.state === 'pending');
    if (!(pending && pending.hours === due.hours && pending.payment)) return { reused: null, due, site };
    const payment = pending.payment as PaymentObject;
    await emitOverstayDue(fx, b, site, payment, sessionId, due);
    return { reused: { payment, amountPaise: due.amountPaise, hours: due.hours }, due, site };
  }

  /** Tells the user an expired booking's overstay must be paid first (`updateExpiredBookingTaskToken`). */
  async function emitOverstayDue(
    fx: Effects,
    b: BookingRow,
    site: SiteRow,
    payment: PaymentObject,
    sessionId: string | null,
    due: { amountPaise: number; hours: number },
  ) {
    await emit(fx, b, {
      event: 'updateExpiredBookingTaskToken',
      sessionId,
      code: 'OverstayUnpaid',
      isRequirePricing: true,
      payment,
      site,
      text: { amountPaise: due.amountPaise, hours: due.hours },
      extra: { amountPaise: due.amountPaise, hours: due.hours },
    });
  }

  return {
    siteOf,
    lockBooking,
    emit,
    isOnline,
    allowance,
    update,
    tryUpdate,
    timer,
    chargesOf,
    addCharge,
    issuePin,
    confirmPaid,
    startHold,
    close,
    end,
    timeOut,
    offerToWaitlist,
    applyExtension,
    expire,
    overstayDue,
    overstayStatus,
    emitOverstayDue,
    lockerLabel,
    releasePlanHours,
    emitRaw,
    deps,
  };
}

export type BookingCore = ReturnType<typeof createBookingCore>;

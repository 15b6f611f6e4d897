import {
  type BookingState,
  holdsLocker,
  isOpenAt,
  LOCKER_RULES,
  type LockerRate,
  type PlanAllowance,
  quoteHours,
} from '@petti/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import { schedule } from '../../platform/jobs/worker.ts';
import type { CoreBase } from './core-base.ts';
import { holdEndFrom, TIMER } from './core-deps.ts';
import { freeLockers, getRate, lockSiteSize, type SiteRow } from './repo.ts';
import { type BookingRow, bookingCharges, bookings, type ChargeRow, keypadPinUntil } from './schema.ts';

const MIN = 60_000;
const HOUR = 3_600_000;

/**
 * A booking's way from a held locker to its end: confirming it paid, holding it for payment, closing,
 * ending and timing it out, and giving a freed locker to the waitlist.
 */
export function createLifecycle(base: CoreBase) {
  const { siteOf, emit, isOnline, allowance, update, tryUpdate, timer, addCharge, issuePin, deps } = base;
  const { clock } = deps;

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
    /** What the caller has read already; `holdExpiresAt` when it wrote the hold's end with the row. */
    known?: { plan: PlanAllowance | null; rate?: LockerRate; holdExpiresAt?: Date },
  ): Promise<{ booking: BookingRow; charge: ChargeRow | null }> {
    const tx = fx.tx;
    const now = clock.now();
    const rate = known?.rate ?? (await getRate(tx, site.type, b0.size));
    const plan = known ? known.plan : await allowance(tx, b0.userId, now);
    const quote = quoteHours(rate, b0.size, 0, b0.durationHours, plan);
    const holdExpiresAt = known?.holdExpiresAt ?? holdEndFrom(now);
    const charge = await addCharge(tx, b0, {
      kind: 'booking',
      hours: b0.durationHours,
      quote,
      plan,
      holdExpiresAt,
    });
    if (charge.state === 'pending') {
      const b = known?.holdExpiresAt ? b0 : await update(tx, b0, { holdExpiresAt });
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
    // Covered: nothing to pay, so no hold (the end a new booking was written with is cleared as it is confirmed).
    const covered = { ...b0, holdExpiresAt: null };
    const event = via === 'create' ? 'bookingCreated' : 'availableLockerFound';
    await emit(fx, covered, { event, sessionId, isRequirePricing: false, reason: 'covered', site });
    return { booking: await confirmPaid(fx, covered, sessionId, site), charge: null };
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
    // Its site cannot be told: the keypad keeps the PIN until its own end (docs/locker-protocol.md#offline).
    const pinUntil = keypadPinUntil(b);
    if (pinUntil && pinUntil > now) {
      const site = await siteOf(tx, b.siteId);
      if (site.lastHeartbeatAt && !isOnline(site, now))
        await emit(fx, row, {
          event: 'lockerOffline',
          code: 'lockerOffline',
          reason: 'pinStillWorks',
          site,
          sessionId,
          text: { until: pinUntil },
          extra: { pinWorksUntil: pinUntil.toISOString() },
        });
    }
    return row;
  }

  /**
   * Ends a booking: the user, its time ran out unused, the last open after overstay, or staff
   * emptied an overstaying locker the next booking needs (ops API). A parcel hold ends when its
   * parcel is collected, or is released when its order no longer needs the locker.
   */
  async function end(
    fx: Effects,
    b: BookingRow,
    reason: 'user' | 'unused' | 'overstay_cleared' | 'cleared_by_staff' | 'collected' | 'released',
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

  return { confirmPaid, startHold, releasePlanHours, close, end, timeOut, offerToWaitlist };
}

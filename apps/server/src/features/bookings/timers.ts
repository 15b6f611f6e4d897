import { LOCKER_RULES } from '@petti/shared';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import type { LeasedHandler, TimerHandler } from '../../platform/jobs/worker.ts';
import { type BookingCore, TIMER } from './core.ts';
import type { BookingFlows } from './flows/index.ts';
import { type BookingRow, bookingCharges, isParcelHold } from './schema.ts';

const MIN = 60_000;
/** How often a decision waiting on an offline site's log is tried again. */
const OFFLINE_RECHECK_MS = 5 * MIN;

/**
 * What each booking timer does when it comes due. A timer may be stale (the booking was paid,
 * moved, extended, ended…): each handler first checks that what it was set for still holds.
 */
export function bookingTimerHandlers(core: BookingCore): Record<string, TimerHandler> {
  const now = () => core.deps.clock.now();
  const due = (at: Date | null | undefined, plusMs = 0) =>
    at !== null && at !== undefined && at.getTime() + plusMs <= now().getTime();
  /**
   * Whether "never opened" cannot be known yet: the site is offline, and its controller may have
   * opened the locker by itself (docs/locker-protocol.md#offline). The timer comes back later.
   */
  const unheard = async (fx: Parameters<TimerHandler>[2], b: BookingRow, kind: string) => {
    const site = await core.siteOf(fx.tx, b.siteId);
    if (!site.lastHeartbeatAt || core.isOnline(site, now())) return false;
    await core.timer(fx.tx, kind, new Date(now().getTime() + OFFLINE_RECHECK_MS), b);
    return true;
  };

  return {
    [TIMER.holdExpiry]: async (tx, t, fx) => {
      const b = await core.lockBooking(tx, t.bookingId!);
      if (b?.state === 'awaiting_payment' && due(b.holdExpiresAt)) await core.timeOut(fx, b, 'payment');
    },

    [TIMER.extensionHoldExpiry]: async (tx, t, fx) => {
      const b = await core.lockBooking(tx, t.bookingId!);
      if (!b) return;
      const [charge] = await tx
        .select()
        .from(bookingCharges)
        .where(and(eq(bookingCharges.id, String(t.data.chargeId)), eq(bookingCharges.state, 'pending')))
        .for('update');
      if (!charge || !due(charge.holdExpiresAt)) return;
      await tx.update(bookingCharges).set({ state: 'lapsed' }).where(eq(bookingCharges.id, charge.id));
      await core.releasePlanHours(tx, [charge]);
      if (!['scheduled', 'reserved', 'active'].includes(b.state)) return;
      const row =
        b.occupiedUntil && b.occupiedUntil > b.endsAt
          ? await core.update(tx, b, { occupiedUntil: b.endsAt })
          : b;
      await core.emit(fx, row, { event: 'bookingStatusChanged', reason: 'extensionLapsed' });
      await core.offerToWaitlist(fx, b.siteId, b.size);
    },

    [TIMER.pinIssue]: async (tx, t, fx) => {
      const b = await core.lockBooking(tx, t.bookingId!);
      if (
        b?.state !== 'scheduled' ||
        b.pin ||
        !due(b.startsAt, -LOCKER_RULES.pinIssueBeforeStartMinutes * MIN)
      )
        return;
      const row = await core.issuePin(tx, b);
      await core.emit(fx, row, { event: 'dynamicPinChanged', reason: 'issued' });
    },

    [TIMER.scheduledStart]: async (tx, t, fx) => {
      const b = await core.lockBooking(tx, t.bookingId!);
      if (b?.state !== 'scheduled' || !due(b.startsAt)) return;
      let row = await core.update(tx, b, { state: 'reserved' });
      if (!row.pin) row = await core.issuePin(tx, row);
      await core.emit(fx, row, { event: 'bookingReserved' });
    },

    [TIMER.openDeadline]: async (tx, t, fx) => {
      const b = await core.lockBooking(tx, t.bookingId!);
      if (
        b?.state === 'reserved' &&
        b.scheduled &&
        !b.openedAt &&
        due(b.startsAt, LOCKER_RULES.scheduledOpenGraceMinutes * MIN) &&
        !(await unheard(fx, b, TIMER.openDeadline))
      )
        await core.timeOut(fx, b, 'scheduled');
    },

    [TIMER.end]: async (tx, t, fx) => {
      const b = await core.lockBooking(tx, t.bookingId!);
      if (!b || !due(b.endsAt)) return;
      // A reserved booking never opened by its end simply ends (no refund); one in use expires.
      // A parcel hold is never charged overstay: at its end it ends, whoever opened it.
      if (b.state === 'reserved' || (b.state === 'active' && isParcelHold(b))) {
        if (!(await unheard(fx, b, TIMER.end))) await core.end(fx, b, 'unused', null);
      } else if (b.state === 'active') await core.expire(fx, b);
    },

    [TIMER.endingSoon]: async (tx, t, fx) => {
      const b = await core.lockBooking(tx, t.bookingId!);
      // Only if it still ends when the reminder was set for (not extended, moved or ended since).
      if (!b || (b.state !== 'reserved' && b.state !== 'active')) return;
      if (b.endsAt.toISOString() !== t.data.endsAt) return;
      await core.emit(fx, b, { event: 'bookingEndingSoon' });
    },

    [TIMER.waitlistExpiry]: async (tx, t, fx) => {
      const b = await core.lockBooking(tx, t.bookingId!);
      if (b?.state === 'waitlisted' && due(b.startsAt, LOCKER_RULES.waitlistMinutes * MIN))
        await core.timeOut(fx, b, 'waitlist');
    },

    [TIMER.unlockTimeout]: async (tx, t, fx) => {
      const cmd = await core.deps.doors.failUnanswered(tx, String(t.data.commandId));
      if (!cmd?.bookingId) return;
      const b = await core.lockBooking(tx, cmd.bookingId);
      if (!b) return;
      await core.emit(fx, b, {
        event: 'unlockStatus',
        reason: 'failed',
        sessionId: cmd.sessionId,
        extra: { ok: false, commandId: cmd.id, via: cmd.reason },
      });
    },
  };
}

/** Refunds run outside any transaction (the payments service opens its own and calls the provider). */
export function bookingLeasedHandlers(core: BookingCore, flows: BookingFlows): Record<string, LeasedHandler> {
  return {
    [TIMER.openPayment]: async (t) => {
      await flows.offerLocker.run({ chargeId: String(t.data.chargeId) });
    },
    [TIMER.refund]: async (t) => {
      const payments = core.deps.payments();
      if (!payments) throw new Error('payments are not wired');
      const { paymentId, amountPaise, reason } = t.data as {
        paymentId: string;
        amountPaise: number;
        reason: string;
      };
      try {
        await payments.refund(paymentId, { amountPaise, reason });
      } catch (err) {
        // Already refunded (a repeat after a crash) or nothing left to refund: nothing more to do.
        if (err instanceof AppError && err.code === 'PaymentNotRefundable') {
          core.deps.log.warn({ paymentId }, 'refund not possible any more; skipping');
          return;
        }
        throw err;
      }
    },
  };
}

import { type LockerRate, overstayCharge, overstayHours } from '@petti/shared';
import { and, asc, eq, gte, inArray, ne } from 'drizzle-orm';
import type { Effects } from '../../platform/events/transactor.ts';
import type { CoreBase } from './core-base.ts';
import { type BookingPatch, TIMER } from './core-deps.ts';
import type { PaymentObject } from './ports.ts';
import { freeLockers, getRate, lockSiteSize, type SiteRow } from './repo.ts';
import { type BookingRow, bookings, type ChargeRow } from './schema.ts';

const HOUR = 3_600_000;

/** Extensions and overstays: a booking's end moving on, running out while in use, and paying for it. */
export function createOverstay(base: CoreBase) {
  const { siteOf, emit, update, tryUpdate, timer, chargesOf, deps } = base;
  const { clock, log } = deps;

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

  return { applyExtension, expire, overstayDue, overstayStatus, emitOverstayDue };
}

import { bookableOffline, type CreateBookingBody, LOCKER_RULES, type PlanAllowance } from '@petti/shared';
import { derivedWindow } from '@petti/shared/node/offline-pins';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../http/app-error.ts';
import type { FlowRunner } from '../../../platform/flows/runner.ts';
import { dbStep, undoWith } from '../../../platform/flows/steps.ts';
import { newId } from '../../../platform/ids.ts';
import { cancelBookingTimers } from '../../../platform/jobs/worker.ts';
import { usersService } from '../../users/index.ts';
import { type Caller, type Outcome, refuseAtSite, resolveStart, sizeAtSite } from '../checks.ts';
import { type BookingCore, holdEndFrom, TIMER } from '../core.ts';
import { mayUse } from '../offers.ts';
import { freeAtOfflineSite } from '../offline-booking.ts';
import type { PaymentObject, PaymentsPort } from '../ports.ts';
import { freeLockers, getRate, liveBookingCount, lockSiteSize, type SiteRow } from '../repo.ts';
import { type BookingRow, bookingCharges, bookings, type ChargeRow } from '../schema.ts';
import { draftFor, type recordPaymentStep } from './steps/payment.ts';

const MIN = 60_000;
const HOUR = 3_600_000;

export interface BookInput {
  caller: Caller;
  body: CreateBookingBody;
  requestKey?: string;
}

type Waitlist = { site: SiteRow; start: Date; plan: PlanAllowance | null; complexId: string | null };

export interface Booked {
  booking: BookingRow;
  payment: PaymentObject | null;
  waitlist?: Waitlist;
}

/** What the hold step left: a held locker (with its charge, if the plan does not pay it all) or a place on the waitlist. */
interface Held {
  booking: BookingRow;
  charge: ChargeRow | null;
  site: SiteRow;
  waitlist?: Waitlist;
}

/**
 * Booking a locker (docs/product.md#booking-states): in one transaction, check and price the request
 * with the user's plan, then hold a free locker (taking the plan hours) or join the waitlist; open
 * the provider's order with no transaction open; record the payment and announce the hold, which
 * ends the run. A plan-covered booking is confirmed in the hold step and needs no payment.
 */
export function bookFlow(
  flows: FlowRunner,
  core: BookingCore,
  payments: PaymentsPort,
  recordPayment: ReturnType<typeof recordPaymentStep>,
) {
  const { clock } = core.deps;

  const holdLocker = dbStep<BookInput, Outcome<Held | { seen: BookingRow }>, { bookingId: string }>({
    name: 'bookings.hold-locker',
    async run(fx, input) {
      const tx = fx.tx;
      const { caller, body, requestKey } = input;
      const bookedWithKey = async () => {
        if (!requestKey) return undefined;
        const [seen] = await tx
          .select()
          .from(bookings)
          .where(and(eq(bookings.userId, caller.userId), eq(bookings.requestKey, requestKey)));
        return seen;
      };
      const seen = await bookedWithKey();
      if (seen) return { ok: { seen } };
      // The checks and what prices the hold are read before the site's lock is taken, so that the
      // lock is held only while a locker is chosen and held (docs/performance.md#locker-bookings).
      const now = clock.now();
      const site = await core.siteOf(tx, body.siteId);
      const complexId = await usersService.complexOf(tx, caller.userId);
      if (!mayUse(site, complexId)) return refuseAtSite(core, fx, caller, site, 'UserNotEnable');
      // Offline, but heard lately: its keypad will check a derived PIN by itself (offline-booking.ts).
      const online = core.isOnline(site, now);
      if (!online && !bookableOffline(site.lastHeartbeatAt, now, core.deps.config.LOCKER_OFFLINE_SECONDS))
        return refuseAtSite(core, fx, caller, site, 'lockerOffline');
      await sizeAtSite(tx, site.id, body.size);
      const { start, scheduled } = resolveStart(site, body.startAt, now);
      if ((await liveBookingCount(tx, caller.userId)) >= LOCKER_RULES.maxLiveBookingsPerUser)
        throw new AppError('TooManyBookings');
      const end = new Date(start.getTime() + body.durationHours * HOUR);
      const plan = await core.allowance(tx, caller.userId, now);
      const rate = await getRate(tx, site.type, body.size);

      const holdExpiresAt = holdEndFrom(now);

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
      // Offline, a derived PIN opens for whole hours: the locker must be free for all of them.
      const rounded = online ? null : derivedWindow(start, end);
      const span = rounded ? { start: rounded.from, end: rounded.until } : { start, end };
      const anyFree = await freeLockers(tx, {
        siteId: site.id,
        size: body.size,
        ...span,
        preferLow: body.preferLow,
      });
      const free = online ? anyFree : await freeAtOfflineSite(core, tx, site, anyFree, start, end);
      if (!online && free.length === 0) return refuseAtSite(core, fx, caller, site, 'lockerOffline');
      for (const locker of free) {
        // No row: the locker was taken a moment ago (the exclusion constraint on a locker's times),
        // and the next one is tried, or a twin of this request booked first (the key's constraint),
        // whose booking is the answer. The hold's end is written with the row; a covered booking's
        // is cleared as it is confirmed.
        const [row] = await tx
          .insert(bookings)
          .values({ ...base, id: newId(), lockerId: locker.id, state: 'awaiting_payment', holdExpiresAt })
          .onConflictDoNothing()
          .returning();
        if (!row) {
          const twin = await bookedWithKey();
          if (twin) return { ok: { seen: twin } };
          continue;
        }
        // The plan as priced: if its hours went meanwhile, taking them fails and so does the booking.
        const held = await core.startHold(fx, row, site, 'create', caller.sessionId, {
          plan,
          rate,
          holdExpiresAt,
        });
        const ok = { ok: { ...held, site } };
        return held.charge ? undoWith(ok, { bookingId: held.booking.id }) : ok;
      }
      // Full: join the waitlist. The offers are worked out after the flow (they need no lock).
      const [waiting] = await tx
        .insert(bookings)
        .values({ ...base, id: newId(), lockerId: null, state: 'waitlisted' })
        .onConflictDoNothing()
        .returning();
      // Only the request key conflicts here (a waitlisted row has no locker): a twin sent at the
      // same time booked first, and its booking is the answer.
      if (!waiting) {
        const twin = await bookedWithKey();
        if (!twin) throw new Error('a booking with no locker conflicted, but not on its request key');
        return { ok: { seen: twin } };
      }
      await core.timer(
        tx,
        TIMER.waitlistExpiry,
        new Date(start.getTime() + LOCKER_RULES.waitlistMinutes * MIN),
        waiting,
      );
      return {
        ok: { booking: waiting, charge: null, site, waitlist: { site, start, plan, complexId } },
      };
    },
    /** The hold goes as if never made: its charge, plan hours and timers; the locker may go to the waitlist. */
    async undo(fx, { bookingId }) {
      const tx = fx.tx;
      const b = await core.lockBooking(tx, bookingId);
      if (b?.state !== 'awaiting_payment') return;
      const charges = await core.chargesOf(tx, b.id);
      // Its payment was recorded (the flow's process died after its last step): the hold stands.
      if (charges.some((c) => c.paymentId)) return;
      await core.releasePlanHours(
        tx,
        charges.filter((c) => c.state === 'pending' || c.state === 'covered'),
      );
      await tx.delete(bookingCharges).where(eq(bookingCharges.bookingId, b.id));
      await cancelBookingTimers(tx, b.id);
      await tx.delete(bookings).where(eq(bookings.id, b.id));
      await core.offerToWaitlist(fx, b.siteId, b.size);
    },
  });

  return flows.define<BookInput, Outcome<Booked>>({
    name: 'bookings.book',
    steps: [holdLocker, payments.openProviderOrder, recordPayment],
    async run(flow, input) {
      const held = await flow.db(holdLocker, input);
      if ('refused' in held) return held;
      if ('seen' in held.ok) return { ok: { booking: held.ok.seen, payment: null } };
      const { booking, charge, site, waitlist } = held.ok;
      if (waitlist) return { ok: { booking, payment: null, waitlist } };
      if (!charge) return { ok: { booking, payment: null } };
      const draft = draftFor(payments, booking, site, charge);
      const opened = await flow.call(payments.openProviderOrder, draft);
      const recorded = await flow.db(
        recordPayment,
        {
          bookingId: booking.id,
          chargeId: charge.id,
          draft,
          opened,
          announce: 'created',
          sessionId: input.caller.sessionId,
          site,
        },
        { ends: true },
      );
      // The hold ran out meanwhile: its own expiry undid it, so there is nothing left to undo here.
      if (!recorded)
        return { refused: new AppError('Conflict', 'The locker hold ended meanwhile. Please try again.') };
      return { ok: { booking: recorded.booking, payment: recorded.payment } };
    },
  });
}

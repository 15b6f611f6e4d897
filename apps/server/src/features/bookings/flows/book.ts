import { type CreateBookingBody, LOCKER_RULES, type PlanAllowance } from '@petti/shared';
import { and, eq } from 'drizzle-orm';
import { EXCLUSION_VIOLATION, isPgError } from '../../../db/errors.ts';
import { AppError } from '../../../http/app-error.ts';
import type { FlowRunner } from '../../../platform/flows/runner.ts';
import { dbStep, undoWith } from '../../../platform/flows/steps.ts';
import { newId } from '../../../platform/ids.ts';
import { cancelBookingTimers } from '../../../platform/jobs/worker.ts';
import { usersService } from '../../users/index.ts';
import { type Caller, type Outcome, refuseAtSite, resolveStart, sizeAtSite } from '../checks.ts';
import { type BookingCore, TIMER } from '../core.ts';
import { mayUse } from '../offers.ts';
import type { PaymentObject, PaymentsPort } from '../ports.ts';
import { freeLockers, liveBookingCount, lockSiteSize, type SiteRow } from '../repo.ts';
import { type BookingRow, bookingCharges, bookings } from '../schema.ts';
import { draftFor, type recordPaymentStep } from './steps/payment.ts';

const MIN = 60_000;
const HOUR = 3_600_000;

export interface BookInput {
  caller: Caller;
  body: CreateBookingBody;
  requestKey?: string;
}

interface Priced {
  site: SiteRow;
  start: Date;
  scheduled: boolean;
  end: Date;
  plan: PlanAllowance | null;
  complexId: string | null;
}

export interface Booked {
  booking: BookingRow;
  payment: PaymentObject | null;
  waitlist?: { site: SiteRow; start: Date; plan: PlanAllowance | null; complexId: string | null };
}

/**
 * Booking a locker (docs/product.md#booking-states): check and price the request with the user's
 * plan; hold a free locker (taking the plan hours) or join the waitlist; open the provider's order
 * with no transaction open; record the payment and announce the hold. A plan-covered booking is
 * confirmed in the hold step and needs no payment.
 */
export function bookFlow(
  flows: FlowRunner,
  core: BookingCore,
  payments: PaymentsPort,
  recordPayment: ReturnType<typeof recordPaymentStep>,
) {
  const { clock } = core.deps;

  const price = dbStep({
    name: 'bookings.price',
    async run(fx, { caller, body, requestKey }: BookInput): Promise<Outcome<Priced | { seen: BookingRow }>> {
      const tx = fx.tx;
      if (requestKey) {
        const [seen] = await tx
          .select()
          .from(bookings)
          .where(and(eq(bookings.userId, caller.userId), eq(bookings.requestKey, requestKey)));
        if (seen) return { ok: { seen } };
      }
      const now = clock.now();
      const site = await core.siteOf(tx, body.siteId);
      const complexId = await usersService.complexOf(tx, caller.userId);
      if (!mayUse(site, complexId)) return refuseAtSite(core, fx, caller, site, 'UserNotEnable');
      if (!core.isOnline(site, now)) return refuseAtSite(core, fx, caller, site, 'lockerOffline');
      await sizeAtSite(tx, site.id, body.size);
      const { start, scheduled } = resolveStart(site, body.startAt, now);
      if ((await liveBookingCount(tx, caller.userId)) >= LOCKER_RULES.maxLiveBookingsPerUser)
        throw new AppError('TooManyBookings');
      const end = new Date(start.getTime() + body.durationHours * HOUR);
      const plan = await core.allowance(tx, caller.userId, now);
      return { ok: { site, start, scheduled, end, plan, complexId } };
    },
  });

  const holdLocker = dbStep({
    name: 'bookings.hold-locker',
    async run(fx, { input, priced }: { input: BookInput; priced: Priced }) {
      const tx = fx.tx;
      const { caller, body } = input;
      const { site, start, end, plan } = priced;
      const now = clock.now();
      await lockSiteSize(tx, site.id, body.size);
      const base = {
        userId: caller.userId,
        siteId: site.id,
        size: body.size,
        scheduled: priced.scheduled,
        preferLow: body.preferLow ?? false,
        priority: plan?.waitlistPriority ? 1 : 0,
        startsAt: start,
        endsAt: end,
        occupiedUntil: end,
        durationHours: body.durationHours,
        requestKey: input.requestKey ?? null,
        createdAt: now,
        updatedAt: now,
      };
      const free = await freeLockers(tx, {
        siteId: site.id,
        size: body.size,
        start,
        end,
        preferLow: body.preferLow,
      });
      for (const locker of free) {
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
        // The plan as priced: if its hours went meanwhile, taking them fails and so does the booking.
        const held = await core.startHold(fx, row!, site, 'create', caller.sessionId, { plan });
        return held.charge ? undoWith({ ...held, site }, { bookingId: held.booking.id }) : { ...held, site };
      }
      // Full: join the waitlist. The offers are worked out after the flow (they need no lock).
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
      return { booking: waiting!, charge: null, site, waitlisted: true as const };
    },
    /** The hold goes as if never made: its charge, plan hours and timers; the locker may go to the waitlist. */
    async undo(fx, { bookingId }: { bookingId: string }) {
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
    steps: [price, holdLocker, payments.openProviderOrder, recordPayment],
    async run(flow, input) {
      const priced = await flow.db(price, input);
      if ('refused' in priced) return priced;
      if ('seen' in priced.ok) return { ok: { booking: priced.ok.seen, payment: null } };
      const held = await flow.db(holdLocker, { input, priced: priced.ok });
      if ('waitlisted' in held) {
        const { site, start, plan, complexId } = priced.ok;
        return { ok: { booking: held.booking, payment: null, waitlist: { site, start, plan, complexId } } };
      }
      if (!held.charge) return { ok: { booking: held.booking, payment: null } };
      const draft = draftFor(payments, held.booking, held.site, held.charge);
      const opened = await flow.call(payments.openProviderOrder, draft);
      const recorded = await flow.db(recordPayment, {
        bookingId: held.booking.id,
        chargeId: held.charge.id,
        draft,
        opened,
        announce: 'created',
        sessionId: input.caller.sessionId,
      });
      if (!recorded) throw new AppError('Conflict', 'The locker hold ended meanwhile. Please try again.');
      return { ok: { booking: recorded.booking, payment: recorded.payment } };
    },
  });
}

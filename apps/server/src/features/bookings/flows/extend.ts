import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../http/app-error.ts';
import type { FlowRunner } from '../../../platform/flows/runner.ts';
import { dbStep, type Undoable, undoWith } from '../../../platform/flows/steps.ts';
import { cancelTimerByKey, schedule } from '../../../platform/jobs/worker.ts';
import { type Caller, lockOwn } from '../checks.ts';
import { type BookingCore, holdEndFrom, TIMER } from '../core.ts';
import { priceExtension } from '../extension-price.ts';
import type { PaymentObject, PaymentsPort } from '../ports.ts';
import type { SiteRow } from '../repo.ts';
import { type BookingRow, bookingCharges, type ChargeRow } from '../schema.ts';
import { draftFor, type recordPaymentStep } from './steps/payment.ts';

const HOUR = 3_600_000;

export interface ExtendInput {
  caller: Caller;
  id: string;
  hours: number;
}

interface Held {
  booking: BookingRow;
  charge: ChargeRow | null;
  site: SiteRow;
}
type HoldUndo = { bookingId: string; chargeId: string; occupiedUntil: string | null };

const holdKey = (chargeId: string) => `extension-hold:${chargeId}`;

/**
 * Extending a booking by whole hours: hold the extra time on the locker and price it with the plan
 * (a covered extension applies at once); open the provider's order with no transaction open; record
 * the payment and tell the user. The extension applies when the payment is captured.
 */
export function extendFlow(
  flows: FlowRunner,
  core: BookingCore,
  payments: PaymentsPort,
  recordPayment: ReturnType<typeof recordPaymentStep>,
) {
  const { clock } = core.deps;

  const holdExtension = dbStep({
    name: 'bookings.hold-extension',
    async run(fx, { caller, id, hours }: ExtendInput): Promise<Held | Undoable<Held, HoldUndo>> {
      const tx = fx.tx;
      const b = await lockOwn(core, tx, caller, id);
      const now = clock.now();
      const { site, plan, quote } = await priceExtension(core, tx, b, hours, now);
      const charges = await core.chargesOf(tx, b.id);
      if (charges.some((c) => c.kind === 'extension' && c.state === 'pending'))
        throw new AppError('ExtensionPending');
      const newEnd = new Date(b.endsAt.getTime() + hours * HOUR);
      const held = await core.tryUpdate(tx, b, {
        occupiedUntil: b.occupiedUntil && b.occupiedUntil > newEnd ? b.occupiedUntil : newEnd,
      });
      if (!held) throw new AppError('ExtensionOverlaps');
      const holdExpiresAt = holdEndFrom(now);
      const charge = await core.addCharge(tx, held, { kind: 'extension', hours, quote, plan, holdExpiresAt });
      if (charge.state !== 'pending')
        return { booking: await core.applyExtension(fx, held, charge, caller.sessionId), charge: null, site };
      await schedule(tx, clock, {
        kind: TIMER.extensionHoldExpiry,
        dueAt: holdExpiresAt,
        key: holdKey(charge.id),
        bookingId: held.id,
        siteId: held.siteId,
        lockerId: held.lockerId ?? undefined,
        data: { chargeId: charge.id },
      });
      return undoWith(
        { booking: held, charge, site },
        { bookingId: held.id, chargeId: charge.id, occupiedUntil: b.occupiedUntil?.toISOString() ?? null },
      );
    },
    /** The extra time goes back to the locker and the plan; the charge and its timer go. */
    async undo(fx, data: HoldUndo) {
      const tx = fx.tx;
      await cancelTimerByKey(tx, holdKey(data.chargeId));
      const b = await core.lockBooking(tx, data.bookingId);
      const [charge] = await tx
        .delete(bookingCharges)
        .where(and(eq(bookingCharges.id, data.chargeId), eq(bookingCharges.state, 'pending')))
        .returning();
      if (!b || !charge || charge.paymentId) return;
      await core.releasePlanHours(tx, [charge]);
      const before = data.occupiedUntil ? new Date(data.occupiedUntil) : null;
      if (b.occupiedUntil?.getTime() !== before?.getTime())
        await core.update(tx, b, { occupiedUntil: before });
    },
  });

  return flows.define<ExtendInput, { booking: BookingRow; payment: PaymentObject | null }>({
    name: 'bookings.extend',
    steps: [holdExtension, payments.openProviderOrder, recordPayment],
    async run(flow, input) {
      const held = await flow.db(holdExtension, input);
      if (!held.charge) return { booking: held.booking, payment: null };
      const draft = draftFor(payments, held.booking, held.site, held.charge);
      const opened = await flow.call(payments.openProviderOrder, draft);
      const recorded = await flow.db(recordPayment, {
        bookingId: held.booking.id,
        chargeId: held.charge.id,
        draft,
        opened,
        announce: 'extension',
        sessionId: input.caller.sessionId,
      });
      if (!recorded) throw new AppError('Conflict', 'The extension hold ended meanwhile. Please try again.');
      return { booking: held.booking, payment: recorded.payment };
    },
  });
}

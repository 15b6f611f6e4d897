import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../http/app-error.ts';
import type { FlowRunner } from '../../../platform/flows/runner.ts';
import { dbStep, undoWith } from '../../../platform/flows/steps.ts';
import type { BookingCore } from '../core.ts';
import type { PaymentObject, PaymentsPort } from '../ports.ts';
import { getRate } from '../repo.ts';
import { bookingCharges } from '../schema.ts';
import { draftFor, type recordPaymentStep } from './steps/payment.ts';

export interface OverstayInput {
  bookingId: string;
  sessionId: string | null;
}

export interface OverstayDue {
  payment: PaymentObject;
  amountPaise: number;
  hours: number;
}

/**
 * The overstay of an expired booking must be paid before its last open (docs/product.md#overstay):
 * charge the hours so far (a pending overstay charge for fewer hours lapses), open the provider's
 * order with no transaction open, record the payment and tell the user. Null when nothing is due.
 */
export function payOverstayFlow(
  flows: FlowRunner,
  core: BookingCore,
  payments: PaymentsPort,
  recordPayment: ReturnType<typeof recordPaymentStep>,
) {
  const { clock } = core.deps;

  const chargeOverstay = dbStep({
    name: 'bookings.charge-overstay',
    async run(fx, { bookingId }: OverstayInput) {
      const tx = fx.tx;
      const b = await core.lockBooking(tx, bookingId);
      if (b?.state !== 'expired') return null;
      const site = await core.siteOf(tx, b.siteId);
      const due = core.overstayDue(b, await getRate(tx, site.type, b.size), clock.now());
      if (due.amountPaise === 0) return null;
      const [lapsed] = await tx
        .update(bookingCharges)
        .set({ state: 'lapsed' })
        .where(
          and(
            eq(bookingCharges.bookingId, b.id),
            eq(bookingCharges.kind, 'overstay'),
            eq(bookingCharges.state, 'pending'),
          ),
        )
        .returning();
      const quote = {
        basePaise: due.amountPaise,
        planHours: 0,
        planId: null,
        amountPaise: due.amountPaise,
        taxPaise: due.taxPaise,
      };
      const charge = await core.addCharge(tx, b, { kind: 'overstay', hours: due.hours, quote, plan: null });
      return undoWith({ booking: b, site, charge }, { chargeId: charge.id, lapsedId: lapsed?.id ?? null });
    },
    /** The new charge goes; the one it replaced is pending again. */
    async undo(fx, { chargeId, lapsedId }: { chargeId: string; lapsedId: string | null }) {
      const tx = fx.tx;
      await tx
        .delete(bookingCharges)
        .where(and(eq(bookingCharges.id, chargeId), eq(bookingCharges.state, 'pending')));
      if (lapsedId)
        await tx
          .update(bookingCharges)
          .set({ state: 'pending' })
          .where(and(eq(bookingCharges.id, lapsedId), eq(bookingCharges.state, 'lapsed')));
    },
  });

  return flows.define<OverstayInput, OverstayDue | null>({
    name: 'bookings.pay-overstay',
    steps: [chargeOverstay, payments.openProviderOrder, recordPayment],
    async run(flow, input) {
      const charged = await flow.db(chargeOverstay, input);
      if (!charged) return null;
      const draft = draftFor(payments, charged.booking, charged.site, charged.charge);
      const opened = await flow.call(payments.openProviderOrder, draft);
      const recorded = await flow.db(recordPayment, {
        bookingId: charged.booking.id,
        chargeId: charged.charge.id,
        draft,
        opened,
        announce: 'overstay',
        sessionId: input.sessionId,
      });
      if (!recorded) throw new AppError('Conflict', 'The booking changed meanwhile. Please try again.');
      return {
        payment: recorded.payment,
        amountPaise: charged.charge.amountPaise,
        hours: charged.charge.hours,
      };
    },
  });
}

import { eq } from 'drizzle-orm';
import type { FlowRunner } from '../../../platform/flows/runner.ts';
import { dbStep } from '../../../platform/flows/steps.ts';
import type { BookingCore } from '../core.ts';
import type { PaymentsPort } from '../ports.ts';
import { bookingCharges, bookings } from '../schema.ts';
import { draftFor, type recordPaymentStep } from './steps/payment.ts';

/**
 * A waitlisted request was given a locker (docs/product.md#waitlist) in the transaction that freed
 * it; its payment is opened here, from the `openPayment` timer, with no transaction open, and the
 * user hears `availableLockerFound` with it. A hold that ended meanwhile needs nothing; a failure is
 * retried by the timer.
 */
export function offerLockerFlow(
  flows: FlowRunner,
  core: BookingCore,
  payments: PaymentsPort,
  recordPayment: ReturnType<typeof recordPaymentStep>,
) {
  const findHold = dbStep({
    name: 'bookings.find-offered-hold',
    async run(fx, { chargeId }: { chargeId: string }) {
      const tx = fx.tx;
      const [charge] = await tx.select().from(bookingCharges).where(eq(bookingCharges.id, chargeId));
      if (charge?.state !== 'pending' || charge.paymentId) return null;
      const [b] = await tx.select().from(bookings).where(eq(bookings.id, charge.bookingId));
      if (b?.state !== 'awaiting_payment') return null;
      return { booking: b, charge, site: await core.siteOf(tx, b.siteId) };
    },
  });

  return flows.define<{ chargeId: string }, void>({
    name: 'bookings.offer-locker',
    steps: [findHold, payments.openProviderOrder, recordPayment],
    async run(flow, input) {
      const hold = await flow.db(findHold, input);
      if (!hold) return;
      const draft = draftFor(payments, hold.booking, hold.site, hold.charge);
      const opened = await flow.call(payments.openProviderOrder, draft);
      await flow.db(recordPayment, {
        bookingId: hold.booking.id,
        chargeId: hold.charge.id,
        draft,
        opened,
        announce: 'waitlist',
        sessionId: null,
      });
    },
  });
}

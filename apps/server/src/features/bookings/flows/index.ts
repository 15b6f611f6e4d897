import type { FlowRunner } from '../../../platform/flows/runner.ts';
import type { BookingCore } from '../core.ts';
import type { PaymentsPort } from '../ports.ts';
import { bookFlow } from './book.ts';
import { cancelFlow } from './cancel.ts';
import { extendFlow } from './extend.ts';
import { leaveLockerFlow } from './leave-locker.ts';
import { offerLockerFlow } from './offer-locker.ts';
import { payOverstayFlow } from './pay-overstay.ts';
import { recordPaymentStep } from './steps/payment.ts';
import { refundNowStep } from './steps/refund-now.ts';

/** The money and stock paths of bookings, each a named flow (docs/decisions/0005-flows.md). */
export function createBookingFlows(
  flows: FlowRunner,
  core: BookingCore,
  payments: PaymentsPort,
  runTimer: (id: string) => Promise<void>,
) {
  const recordPayment = recordPaymentStep(core, payments);
  const refundNow = refundNowStep(runTimer);
  return {
    book: bookFlow(flows, core, payments, recordPayment),
    extend: extendFlow(flows, core, payments, recordPayment),
    payOverstay: payOverstayFlow(flows, core, payments, recordPayment),
    cancel: cancelFlow(flows, core, refundNow),
    offerLocker: offerLockerFlow(flows, core, payments, recordPayment),
    leaveLocker: leaveLockerFlow(flows, core, refundNow),
  };
}

export type BookingFlows = ReturnType<typeof createBookingFlows>;

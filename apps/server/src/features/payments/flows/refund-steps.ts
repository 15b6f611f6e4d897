import { callStep, dbStep, undoWith } from '../../../platform/flows/steps.ts';
import type { ProviderRefund } from '../../../platform/payments/payment-provider.ts';
import type { Refunds, ReservedRefund } from '../refunds.ts';

export interface RefundRequest {
  paymentId: string;
  amountPaise?: number;
  /** Refund what brings this payment's refunds up to this total (nothing when they are there already). */
  upToPaise?: number;
  reason: string;
}

/**
 * The refund's steps, shared by `payments.refund` and the refused grant of `payments.capture`.
 * Asking the provider is the pivot: after it the money has moved, and the reservation's timer
 * records it if the flow cannot.
 */
export function refundSteps(refunds: Refunds) {
  return {
    reserve: dbStep({
      name: 'payments.reserve-refund',
      async run(fx, input: RefundRequest) {
        const reserved = await refunds.reserve(fx, input.paymentId, input);
        return undoWith(reserved, { refundId: reserved.refundId });
      },
      undo: (fx, data: { refundId: string }) => refunds.release(fx, data.refundId),
    }),
    atProvider: callStep({
      name: 'payments.refund-at-provider',
      pivot: true,
      run: (refund: ReservedRefund) => refunds.atProvider(refund),
    }),
    record: dbStep({
      name: 'payments.record-refund',
      run: (fx, input: { refund: ReservedRefund; made: ProviderRefund }) =>
        refunds.complete(fx, input.refund, input.made),
    }),
    release: dbStep({
      name: 'payments.release-refund',
      run: (fx, refundId: string) => refunds.release(fx, refundId),
    }),
  };
}

export type RefundSteps = ReturnType<typeof refundSteps>;

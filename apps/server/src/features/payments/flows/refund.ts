import type { FlowRunner } from '../../../platform/flows/runner.ts';
import { PaymentProviderError } from '../../../platform/payments/payment-provider.ts';
import type { Refunds } from '../refunds.ts';
import type { PaymentRow } from '../views.ts';
import type { RefundRequest, RefundSteps } from './refund-steps.ts';

/**
 * `payments.refund`: reserve under the row lock, refund at the provider (the pivot; our refund id is
 * its receipt, so a retry cannot refund twice), record. A provider that says no takes the
 * reservation back; one that cannot be reached leaves it to its timer (docs/payments.md#refunds).
 */
export function defineRefundFlow(flows: FlowRunner, refunds: Refunds, steps: RefundSteps) {
  return flows.define<RefundRequest, PaymentRow>({
    name: 'payments.refund',
    steps: [steps.reserve, steps.atProvider, steps.record, steps.release],
    async run(flow, request) {
      const reserved = await flow.db(steps.reserve, request);
      let made: Awaited<ReturnType<Refunds['atProvider']>>;
      try {
        made = await flow.call(steps.atProvider, reserved);
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        if (refunds.refusedOutright(err)) await flow.db(steps.release, reserved.refundId);
        throw refunds.mapProviderError(err, request.paymentId);
      }
      return flow.db(steps.record, { refund: reserved, made });
    },
  });
}

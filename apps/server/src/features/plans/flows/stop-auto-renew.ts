import type { Subscription } from '@petti/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../../http/app-error.ts';
import { callStep, dbStep } from '../../../platform/flows/steps.ts';
import { PaymentProviderError } from '../../../platform/payments/payment-provider.ts';
import type { PlansDeps } from '../deps.ts';
import { CHARGING_MANDATE, chargingMandate } from '../mandates.ts';
import { ownSubscription, subscriptionView } from '../periods.ts';
import { planMandates } from '../schema.ts';

export interface StopAutoRenewInput {
  userId: string;
  subscriptionId: string;
}

/**
 * `plans.stop-auto-renew` ("renewal off", docs/payments.md#automatic-renewal): the plan runs to its
 * end and nothing more is charged. The mandate is found, cancelled at the provider (the pivot: once
 * cancelled there it stays so), then recorded off. Should the record fail, the provider's
 * `subscription.cancelled` webhook records it; a charge made meanwhile is refunded (mandate-webhooks.ts).
 */
export function defineStopAutoRenewFlow(deps: PlansDeps) {
  const { clock, recurring } = deps;

  const find = dbStep({
    name: 'plans.check-auto-renew-off',
    async run(fx, { userId, subscriptionId }: StopAutoRenewInput) {
      const sub = await ownSubscription(fx.tx, userId, subscriptionId);
      const mandate = await chargingMandate(fx.tx, userId, sub.kind, clock.now());
      if (!mandate || mandate.planId !== sub.planId) throw new AppError('AutoRenewNotOn');
      return { mandateId: mandate.id, providerSubscriptionId: mandate.providerSubscriptionId };
    },
  });

  const cancelAtProvider = callStep({
    name: 'plans.cancel-provider-subscription',
    pivot: true,
    async run(input: { providerSubscriptionId: string }) {
      try {
        await recurring.cancelSubscription(input.providerSubscriptionId);
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        deps.log.error({ err }, 'could not cancel a provider subscription');
        throw new AppError('PaymentsUnavailable');
      }
    },
  });

  const recordOff = dbStep({
    name: 'plans.record-auto-renew-off',
    async run(fx, input: StopAutoRenewInput & { mandateId: string }) {
      const now = clock.now();
      await fx.tx
        .update(planMandates)
        .set({ status: 'off', nextChargeAt: null, updatedAt: now })
        .where(
          and(eq(planMandates.id, input.mandateId), inArray(planMandates.status, [...CHARGING_MANDATE])),
        );
      return (await subscriptionView(fx.tx, input.subscriptionId, now))!;
    },
  });

  return deps.flows.define<StopAutoRenewInput, Subscription>({
    name: 'plans.stop-auto-renew',
    steps: [find, cancelAtProvider, recordOff],
    async run(flow, input) {
      const found = await flow.db(find, input);
      await flow.call(cancelAtProvider, found);
      return flow.db(recordOff, { ...input, mandateId: found.mandateId }, { ends: true });
    },
  });
}

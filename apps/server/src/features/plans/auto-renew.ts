import type { ConfirmAutoRenewBody, StartAutoRenew, Subscription } from '@petti/shared';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import type { PlansDeps } from './deps.ts';
import { defineStartAutoRenewFlow } from './flows/start-auto-renew.ts';
import { defineStopAutoRenewFlow } from './flows/stop-auto-renew.ts';
import { registerMandateBooks } from './mandate-books.ts';
import { registerMandateWebhooks } from './mandate-webhooks.ts';
import { chargingMandate } from './mandates.ts';
import { ownSubscription, subscriptionView } from './periods.ts';
import { planMandates } from './schema.ts';

/**
 * Automatic renewal of a running plan (docs/payments.md#automatic-renewal): set up (a mandate the
 * holder authorises in the provider's checkout), confirmed from what the checkout hands back (the
 * `subscription.authenticated` webhook converges on the same change), and turned off.
 */
export function createAutoRenew(deps: PlansDeps) {
  const { db, clock, recurring } = deps;
  registerMandateWebhooks(deps);
  registerMandateBooks(deps);
  const start = defineStartAutoRenewFlow(deps);
  const stop = defineStopAutoRenewFlow(deps);

  return {
    autoRenewFlows: { start, stop },

    startAutoRenew: (userId: string, subscriptionId: string): Promise<StartAutoRenew> =>
      start.run({ userId, subscriptionId }),

    stopAutoRenew: (userId: string, subscriptionId: string): Promise<Subscription> =>
      stop.run({ userId, subscriptionId }),

    /** The provider's id of the holder's mandate that may charge for this plan (the demo's "charge now"). */
    async chargingMandateOf(userId: string, subscriptionId: string): Promise<string | null> {
      const sub = await ownSubscription(db, userId, subscriptionId);
      const mandate = await chargingMandate(db, userId, sub.kind, clock.now());
      return mandate && mandate.planId === sub.planId && mandate.status !== 'authorizing'
        ? mandate.providerSubscriptionId
        : null;
    },

    /** The checkout's answer: a valid signature turns the holder's mandate on (once; again changes nothing). */
    async confirmAutoRenew(
      userId: string,
      subscriptionId: string,
      body: ConfirmAutoRenewBody,
    ): Promise<Subscription> {
      const sub = await ownSubscription(db, userId, subscriptionId);
      const [mandate] = await db
        .select()
        .from(planMandates)
        .where(eq(planMandates.providerSubscriptionId, body.providerSubscriptionId));
      // Values that are not this plan's mandate are as good as a bad signature.
      const matches = mandate?.userId === userId && mandate.planId === sub.planId;
      if (
        !matches ||
        !recurring.verifySubscriptionSignature(
          body.providerSubscriptionId,
          body.providerPaymentId,
          body.signature,
        )
      )
        throw new AppError('PaymentSignatureInvalid');
      await db
        .update(planMandates)
        .set({ status: 'on', updatedAt: clock.now() })
        .where(and(eq(planMandates.id, mandate.id), eq(planMandates.status, 'authorizing')));
      return (await subscriptionView(db, subscriptionId, clock.now()))!;
    },
  };
}

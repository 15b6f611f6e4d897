import { createRazorpayCall, type RazorpayOptions } from './razorpay.ts';
import { signaturesMatch, subscriptionSignature } from './signatures.ts';
import {
  fromRazorpaySubscription,
  type ProviderSubscription,
  type SubscriptionProvider,
} from './subscription-provider.ts';

type SubscriptionEntity = Parameters<typeof fromRazorpaySubscription>[0];

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * Razorpay Subscriptions (https://razorpay.com/docs/api/payments/subscriptions/). Its plans are made
 * once in the dashboard (period daily, interval 30, the plan's price) and named in RAZORPAY_PLAN_IDS
 * (`locker-lite:plan_…,…`); a Petti plan without one is not offered automatic renewal.
 */
export function createRazorpaySubscriptions(
  options: RazorpayOptions & { planIds: Record<string, string> },
): SubscriptionProvider {
  const call = createRazorpayCall(options);
  const id = (value: string) => encodeURIComponent(value);
  const read = (entity: SubscriptionEntity): ProviderSubscription => fromRazorpaySubscription(entity);

  return {
    name: 'razorpay',

    async planIdFor(plan) {
      return Object.hasOwn(options.planIds, plan.id) ? options.planIds[plan.id]! : null;
    },

    async createSubscription(input) {
      return read(
        await call<SubscriptionEntity>('POST', '/subscriptions', {
          plan_id: input.providerPlanId,
          total_count: input.totalCount,
          quantity: 1,
          start_at: unix(input.startAt),
          expire_by: unix(input.expireBy),
          customer_notify: 1,
          notes: input.notes,
        }),
      );
    },

    async fetchSubscription(subscriptionId) {
      return read(await call<SubscriptionEntity>('GET', `/subscriptions/${id(subscriptionId)}`));
    },

    async cancelSubscription(subscriptionId) {
      return read(
        await call<SubscriptionEntity>('POST', `/subscriptions/${id(subscriptionId)}/cancel`, {
          cancel_at_cycle_end: 0,
        }),
      );
    },

    verifySubscriptionSignature(subscriptionId, paymentId, signature) {
      return signaturesMatch(subscriptionSignature(options.keySecret, subscriptionId, paymentId), signature);
    },
  };
}

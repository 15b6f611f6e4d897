import { z } from 'zod';
import { PAYMENTS_PAGE_SIZE, PLAN_RULES } from '../constants.ts';

/**
 * Payments, plans and subscriptions: one set of schemas for the server's routes, the app's API
 * client and the tests. Every amount is integer paise. No request body carries an amount: the
 * server computes what is owed from its own data.
 */

export const PAYMENT_PURPOSES = [
  'booking',
  'extension',
  'overstay',
  'plan',
  'order',
  'grab',
  'complex',
] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** created → authorized/captured → refunded/partially_refunded; failed when the last attempt failed. */
export const PAYMENT_STATUSES = [
  'created',
  'authorized',
  'captured',
  'failed',
  'refunded',
  'partially_refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_PROVIDERS = ['razorpay', 'testpay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The payment history filters (docs/product.md#payment-history): a group, or one purpose exactly. */
export const PAYMENT_FILTER_NAMES = ['all', 'lockers', 'orders', 'plans'] as const;
export type PaymentFilterName = (typeof PAYMENT_FILTER_NAMES)[number];
export const PAYMENT_FILTERS: Record<PaymentFilterName, readonly PaymentPurpose[]> = {
  all: PAYMENT_PURPOSES,
  lockers: ['booking', 'extension', 'overstay'],
  orders: ['order', 'grab', 'complex'],
  plans: ['plan'],
};

const localizedSchema = z.object({ en: z.string(), ta: z.string() });
const paise = z.number().int();

/**
 * The contract (docs/product.md#payment-provider, docs/payments.md): anything payable answers with this. The
 * app opens the provider's checkout with it (docs/payments.md) and then confirms.
 */
export const paymentSchema = z.object({
  id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  providerOrderId: z.string(),
  /** Paise. */
  amount: paise,
  currency: z.literal('INR'),
  /** The provider's public key id, for its checkout (Razorpay's `key`). */
  keyId: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** What the provider's checkout handed back. */
export const confirmPaymentBody = z.strictObject({
  providerOrderId: z.string().min(1).max(100),
  providerPaymentId: z.string().min(1).max(100),
  signature: z.string().min(1).max(200),
});
export type ConfirmPaymentBody = z.infer<typeof confirmPaymentBody>;

/** One row of the payment history. */
export const paymentItemSchema = paymentSchema.extend({
  purpose: z.enum(PAYMENT_PURPOSES),
  /** The thing paid for: a booking, subscription or order id. */
  subjectId: z.string(),
  description: localizedSchema,
  status: z.enum(PAYMENT_STATUSES),
  /** GST included in `amount`. */
  tax: paise,
  /** Refunded so far. */
  refunded: paise,
  /** `card`, `upi`, `netbanking`, `wallet`…; null until the provider says. */
  method: z.string().nullable(),
  receiptNumber: z.string(),
  createdAt: z.string(),
  capturedAt: z.string().nullable(),
});
export type PaymentItem = z.infer<typeof paymentItemSchema>;

export const gstSchema = z.object({
  /** Null when the lines carry different rates (an order). */
  percent: z.number().nullable(),
  taxable: paise,
  cgst: paise,
  sgst: paise,
  total: paise,
});

/** A payment with its receipt: GST breakdown, refunds, failure reason. */
export const paymentDetailSchema = paymentItemSchema.extend({
  providerPaymentId: z.string().nullable(),
  failureReason: z.string().nullable(),
  refunds: z.array(z.object({ id: z.string(), amount: paise, createdAt: z.string() })),
  receipt: z.object({
    number: z.string(),
    /** When the money was taken (or the payment was made, before that). */
    issuedAt: z.string(),
    /** Petti, with the GSTIN its GST is charged under (null only in a production demo on testpay). */
    issuer: z.object({ name: z.string(), address: z.string(), gstin: z.string().nullable() }),
    /** The buyer it is issued to: name and phone as on the account now (null once the account is gone). */
    billedTo: z.object({ name: z.string().nullable(), phone: z.string().nullable() }),
    description: localizedSchema,
    gst: gstSchema,
    total: paise,
    refunded: paise,
  }),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

export const paymentListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAYMENTS_PAGE_SIZE.max).default(PAYMENTS_PAGE_SIZE.default),
  purpose: z.enum([...PAYMENT_FILTER_NAMES, ...PAYMENT_PURPOSES]).default('all'),
});
export type PaymentListQuery = z.infer<typeof paymentListQuery>;

export const paymentListSchema = z.object({
  items: z.array(paymentItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type PaymentList = z.infer<typeof paymentListSchema>;

// ------------------------------------------------------------------ plans and subscriptions

export const PLAN_KINDS = ['locker', 'delivery'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

export const planSchema = z.object({
  id: z.string(),
  name: localizedSchema,
  description: localizedSchema,
  kind: z.enum(PLAN_KINDS),
  /** GST-inclusive price in paise. */
  pricePaise: paise,
  /** The GST part of the price, in paise. */
  taxPaise: paise,
  gstPercent: z.number(),
  periodDays: z.number().int(),
  lockerHours: z.number().int().nullable(),
  sizes: z.array(z.string()),
  waitlistPriority: z.boolean(),
  freeDeliveryOverPaise: paise.nullable(),
});
export type Plan = z.infer<typeof planSchema>;

export const planListSchema = z.object({ plans: z.array(planSchema) });

/**
 * The legacy plan list call (docs/payments.md): `GET
 * subscription?type=subscription.user_get&userMobile=91XXXXXXXXXX`.
 */
export const legacyPlansQuery = z.object({
  type: z.literal('subscription.user_get'),
  userMobile: z.string().regex(/^91[6-9]\d{9}$/, 'userMobile is the 12-digit number without +'),
});
export const legacyPlansSchema = z.object({ data: z.object({ data: z.array(planSchema) }) });

/**
 * `pending` (awaiting payment) → `scheduled` (a paid renewal that starts when the current period
 * ends) / `active` → `expired` (by the clock); `paused` while its holder paused it (its benefits
 * rest, its end moved out). `failed`: the payment failed; `cancelled`: refunded.
 */
export const SUBSCRIPTION_STATUSES = [
  'pending',
  'scheduled',
  'active',
  'paused',
  'expired',
  'failed',
  'cancelled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * A running plan's automatic renewal (docs/payments.md#automatic-renewal): `authorizing` until the
 * holder authorises the mandate at the provider, `on` while charges run, `retrying` after a failed
 * charge (tried again the next day), `halted` once the provider gave up (the plan then ends).
 */
export const AUTO_RENEW_STATUSES = ['authorizing', 'on', 'retrying', 'halted'] as const;
export type AutoRenewStatus = (typeof AUTO_RENEW_STATUSES)[number];
export const autoRenewSchema = z.object({
  status: z.enum(AUTO_RENEW_STATUSES),
  /** The next charge (null when none is due). */
  nextChargeAt: z.string().nullable(),
  amountPaise: paise,
  /** Failed tries of the charge now due. */
  failedCharges: z.number().int(),
});
export type AutoRenew = z.infer<typeof autoRenewSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  planId: z.string(),
  plan: planSchema,
  kind: z.enum(PLAN_KINDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Null until paid. */
  startsAt: z.string().nullable(),
  /** The renewal date. Null until paid. */
  endsAt: z.string().nullable(),
  lockerHours: z.number().int().nullable(),
  lockerHoursUsed: z.number().int(),
  lockerHoursLeft: z.number().int().nullable(),
  deliveriesUsed: z.number().int(),
  pricePaise: paise,
  paymentId: z.string().nullable(),
  /** The pause taken in this period, if any (one per period, at most `PLAN_RULES.maxPauseDays`). */
  pause: z.object({ from: z.string(), until: z.string() }).nullable(),
  /** Automatic renewal of a running plan (null when never set up, or turned off). */
  autoRenew: autoRenewSchema.nullable(),
  createdAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `POST /api/subscriptions/:id/auto-renew`: the mandate and what the provider's checkout needs to authorise it. */
export const startAutoRenewSchema = z.object({
  subscription: subscriptionSchema,
  checkout: z.object({
    provider: z.enum(PAYMENT_PROVIDERS),
    keyId: z.string(),
    /** Razorpay's `subscription_id` for its checkout (testpay's mandate page takes the same). */
    providerSubscriptionId: z.string(),
  }),
});
export type StartAutoRenew = z.infer<typeof startAutoRenewSchema>;

/** What the provider's checkout hands back once the holder authorised the mandate. */
export const confirmAutoRenewBody = z.strictObject({
  providerSubscriptionId: z.string().min(1).max(64),
  providerPaymentId: z.string().min(1).max(64),
  signature: z.string().min(1).max(128),
});
export type ConfirmAutoRenewBody = z.infer<typeof confirmAutoRenewBody>;

/** `POST /api/subscriptions/:id/pause`: how many days the running period rests (its end moves out as much). */
export const pausePlanBody = z.strictObject({ days: z.number().int().min(1).max(PLAN_RULES.maxPauseDays) });
export const subscriptionParams = z.strictObject({ id: z.string().min(1).max(64) });
export const cancelRenewalSchema = z.object({
  subscription: subscriptionSchema,
  refund: z.object({ amountPaise: paise }),
});

export const subscribeBody = z.strictObject({ planId: z.string().min(1).max(64) });
export const subscribeResultSchema = z.object({ subscription: subscriptionSchema, payment: paymentSchema });
export type SubscribeResult = z.infer<typeof subscribeResultSchema>;
export const subscriptionListSchema = z.object({ subscriptions: z.array(subscriptionSchema) });

/** `POST /api/payments/:id/confirm` answer: the payment and the thing it paid for (a subscription…). */
export const confirmPaymentResultSchema = z.object({
  payment: paymentDetailSchema,
  granted: z.record(z.string(), z.unknown()).nullable(),
});
export type ConfirmPaymentResult = z.infer<typeof confirmPaymentResultSchema>;

/** Query a provider's checkout hands back to the app's return path (testpay mirrors Razorpay). */
export const checkoutReturnQuery = z.object({
  razorpay_order_id: z.string().optional(),
  razorpay_payment_id: z.string().optional(),
  razorpay_signature: z.string().optional(),
  payment_error: z.string().optional(),
});

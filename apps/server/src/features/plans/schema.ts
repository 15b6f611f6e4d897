import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, localized, updatedAt } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: localized('name').notNull(),
  description: localized('description').notNull(),
  kind: text('kind').notNull(),
  pricePaise: integer('price_paise').notNull(),
  periodDays: integer('period_days').notNull(),
  lockerHours: integer('locker_hours'),
  sizes: text('sizes').array().notNull(),
  waitlistPriority: boolean('waitlist_priority').notNull().default(false),
  freeDeliveryOverPaise: integer('free_delivery_over_paise'),
});

/** Delivery fee rules; one row per rule set (`default`). */
export const deliveryFees = pgTable('delivery_fees', {
  id: text('id').primaryKey(),
  baseFeePaise: integer('base_fee_paise').notNull(),
  perKmPaise: integer('per_km_paise').notNull(),
  smallCartThresholdPaise: integer('small_cart_threshold_paise').notNull(),
  smallCartFeePaise: integer('small_cart_fee_paise').notNull(),
  packagingFeePaise: integer('packaging_fee_paise').notNull(),
});

/**
 * A user's plan: `pending` until its payment is captured, then `active` from `starts_at` to
 * `ends_at` (expiry is read from the clock, so no job has to flip it). A renewal bought early is
 * `active` with `starts_at` at the current period's end. `failed`: its payment failed;
 * `cancelled`: refunded in full. The plan's terms are copied at purchase, so later changes to
 * the plan data never change what was bought.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    kind: text('kind').$type<'locker' | 'delivery'>().notNull(),
    status: text('status').$type<'pending' | 'active' | 'failed' | 'cancelled'>().notNull(),
    pricePaise: integer('price_paise').notNull(),
    periodDays: integer('period_days').notNull(),
    lockerHours: integer('locker_hours'),
    lockerHoursUsed: integer('locker_hours_used').notNull().default(0),
    deliveriesUsed: integer('deliveries_used').notNull().default(0),
    paymentId: text('payment_id').unique(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** The pause taken in this period (docs/product.md#plans): benefits rest from..until, the end moved out. */
    pausedFrom: timestamp('paused_from', { withTimezone: true }),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /** The automatic renewal whose charge bought this period, if one did. */
    mandateId: text('mandate_id'),
    /** Set once the renewal reminder was added (or found unnecessary). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.kind, t.status),
    index('subscriptions_ends_idx').on(t.status, t.endsAt),
    check('subscriptions_usage_not_negative', sql`${t.lockerHoursUsed} >= 0 and ${t.deliveriesUsed} >= 0`),
  ],
);

/**
 * A holder's automatic renewal of a plan: a mandate at the payment provider (Razorpay Subscriptions)
 * that charges the plan's price every period; each charge buys the next period
 * (docs/payments.md#automatic-renewal). `authorizing` until the holder authorises it at the provider;
 * `on`; `retrying` after a failed charge; `halted` when the provider gave up; `off` when the holder
 * turned it off or the mandate was cancelled; `completed` after its last charge; `expired` when never
 * authorised.
 */
export const planMandates = pgTable(
  'plan_mandates',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    kind: text('kind').$type<'locker' | 'delivery'>().notNull(),
    status: text('status')
      .$type<'authorizing' | 'on' | 'retrying' | 'halted' | 'off' | 'completed' | 'expired'>()
      .notNull(),
    provider: text('provider').$type<'razorpay' | 'testpay'>().notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    /** What each charge takes, as the provider's plan was made. */
    amountPaise: integer('amount_paise').notNull(),
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    failedCharges: integer('failed_charges').notNull().default(0),
    /** The charge the holder was last told of in advance (the pre-debit notice), so each is told once. */
    noticeSentFor: timestamp('notice_sent_for', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('plan_mandates_user_idx').on(t.userId, t.kind)],
);

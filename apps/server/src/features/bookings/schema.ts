import type { BookingState } from '@petti/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { lockerSites, lockers } from '../lockers/schema.ts';
import { users } from '../users/schema.ts';

/** PostgreSQL's tstzrange, read as its text form ("[2026-11-20 10:00:00+00,2026-11-20 12:00:00+00)"). */
const tstzrange = customType<{ data: string; driverData: string }>({ dataType: () => 'tstzrange' });

/**
 * One booking of one locker for an interval. `during` is the interval the locker is occupied:
 * from `starts_at` to `occupied_until` (the paid end, a held extension, or — while overstaying —
 * open-ended). The exclusion constraint `bookings_no_overlap` (migration 0003) forbids two bookings
 * in a locker-holding state from overlapping on one locker, whatever the code does.
 */
/**
 * A parcel-locker drop (orders) holds its locker as a booking of the buyer's whose request key is
 * this prefix plus the order id: the exclusion constraint and the keypad then cover parcels too. The
 * booking list leaves them out; the order shows its pickup PIN.
 */
export const PARCEL_HOLD_KEY_PREFIX = 'order:';
export const isParcelHold = (b: { requestKey: string | null }): boolean =>
  b.requestKey?.startsWith(PARCEL_HOLD_KEY_PREFIX) ?? false;

/**
 * The states whose PIN a site's controller holds to check offline (docs/locker-protocol.md#offline),
 * each opening until `pinExpiresAt` (else `endsAt`). An expired booking is not among them: its
 * overstay must be paid before the last open, which needs the server.
 */
export const LISTED_PIN_STATES = [
  'scheduled',
  'reserved',
  'active',
] as const satisfies readonly BookingState[];

/**
 * The states whose locker may hold, or is kept for, someone's things: a site's controller never
 * opens such a locker with a derived PIN (docs/locker-protocol.md#offline), even when no listed PIN
 * opens it now (an overstay, a booking for later, one that ran out while the site was offline).
 */
export const HELD_LOCKER_STATES = [
  'awaiting_payment',
  'scheduled',
  'reserved',
  'active',
  'expired',
] as const satisfies readonly BookingState[];

/** Until when the site's keypad opens this booking's PIN by itself; null when it holds none. */
export const keypadPinUntil = (b: {
  pin: string | null;
  state: string;
  pinExpiresAt: Date | null;
  endsAt: Date;
}) =>
  b.pin && (LISTED_PIN_STATES as readonly string[]).includes(b.state) ? (b.pinExpiresAt ?? b.endsAt) : null;

export const bookings = pgTable(
  'bookings',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    siteId: text('site_id')
      .notNull()
      .references(() => lockerSites.id),
    size: text('size').notNull(),
    /** Null while waitlisted. */
    lockerId: text('locker_id').references(() => lockers.id),
    state: text('state').$type<BookingState>().notNull(),
    /** Booked for a later start (scheduled); its PIN comes 15 min before the start. */
    scheduled: boolean('scheduled').notNull().default(false),
    preferLow: boolean('prefer_low').notNull().default(false),
    /** Waitlist order: higher first (Locker Plus), then oldest first. */
    priority: integer('priority').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** The paid end: start + booked hours + paid extensions. */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Until when the locker is taken; null = until it is emptied (overstay). */
    occupiedUntil: timestamp('occupied_until', { withTimezone: true }),
    during: tstzrange('during').generatedAlwaysAs(sql`tstzrange(starts_at, occupied_until, '[)')`),
    durationHours: integer('duration_hours').notNull(),
    extendedHours: integer('extended_hours').notNull().default(0),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The dynamic PIN. Shown to its owner, so stored as is; never logged. */
    pin: text('pin'),
    pinIssuedAt: timestamp('pin_issued_at', { withTimezone: true }),
    pinExpiresAt: timestamp('pin_expires_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why a final state was reached: user, unused, overstay_cleared, hold, no_show, waitlist, cancel. */
    closeReason: text('close_reason'),
    /** Overstay hours already paid for. */
    overstayPaidHours: integer('overstay_paid_hours').notNull().default(0),
    /** The client's Idempotency-Key, so a replayed request does not book twice. */
    requestKey: text('request_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('bookings_user_idx').on(t.userId, t.createdAt),
    index('bookings_site_size_state_idx').on(t.siteId, t.size, t.state),
    index('bookings_locker_idx').on(t.lockerId),
    unique('bookings_request_key_uq').on(t.userId, t.requestKey),
    // Live PINs are unique per site, so a typed PIN names one booking.
    uniqueIndex('bookings_site_pin_uq').on(t.siteId, t.pin).where(sql`pin is not null`),
  ],
);

export type BookingRow = typeof bookings.$inferSelect;

/**
 * What a booking cost: the booking itself, each extension and each overstay payment. A charge is
 * `pending` while its payment is open, `paid`, `covered` (the plan paid all of it, no payment),
 * `lapsed` (its hold ran out unpaid), `failed` or `refunded` (in part or whole: `refunded_paise`).
 * Plan hours used by a user in a subscription period are the sum of `plan_hours` of live charges.
 */
export const bookingCharges = pgTable(
  'booking_charges',
  {
    id: text('id').primaryKey(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id),
    userId: text('user_id').notNull(),
    kind: text('kind').$type<'booking' | 'extension' | 'overstay'>().notNull(),
    hours: integer('hours').notNull(),
    planHours: integer('plan_hours').notNull().default(0),
    planId: text('plan_id'),
    subscriptionId: text('subscription_id'),
    basePaise: integer('base_paise').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    state: text('state').$type<'pending' | 'paid' | 'covered' | 'lapsed' | 'refunded' | 'failed'>().notNull(),
    paymentId: text('payment_id').unique(),
    /** The payment object handed to the app (docs/product.md#payment-provider), kept to show it again while pending. */
    payment: jsonb('payment').$type<Record<string, unknown>>(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    refundedPaise: integer('refunded_paise').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('booking_charges_booking_idx').on(t.bookingId),
    index('booking_charges_subscription_idx').on(t.subscriptionId),
  ],
);

export type ChargeRow = typeof bookingCharges.$inferSelect;

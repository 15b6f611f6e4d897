import { z } from 'zod';
import { BOOKING_DURATIONS_HOURS, LOCKER_RULES, LOCKER_SIZES, LOCKER_TYPES } from '../constants.ts';
import { BOOKING_STATES } from '../rules/booking-states.ts';

/** Shared by the booking screens and the server (docs/lockers.md). Amounts are paise, times ISO 8601. */
export const lockerSizeSchema = z.enum(LOCKER_SIZES);
export const bookingStateSchema = z.enum(BOOKING_STATES);
export const localizedTextSchema = z.object({ en: z.string(), ta: z.string() });

const isoDateTime = z.iso.datetime({ offset: true });
const durationHours = z.coerce
  .number()
  .int()
  .refine((h) => (BOOKING_DURATIONS_HOURS as readonly number[]).includes(h), {
    message: `must be one of ${BOOKING_DURATIONS_HOURS.join(', ')}`,
  })
  .meta({ enum: [...BOOKING_DURATIONS_HOURS] });
const siteId = z.string().regex(/^[a-z0-9-]{1,64}$/, 'not a site id');
const boolString = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .or(z.boolean());

export const lockerRateSchema = z.object({
  firstHourPaise: z.number().int(),
  extraHourPaise: z.number().int(),
  dayCapPaise: z.number().int(),
});

export const siteSizeSchema = z.object({
  size: lockerSizeSchema,
  label: localizedTextSchema,
  fits: localizedTextSchema,
  innerCm: z.object({ w: z.number(), h: z.number(), d: z.number() }),
  total: z.number().int(),
  /** Free now (in service, not held by any live booking). */
  free: z.number().int(),
  /** Of those, low (accessible) lockers. */
  freeLow: z.number().int(),
  price: lockerRateSchema,
});

export const lockerSiteSchema = z.object({
  id: z.string(),
  name: localizedTextSchema,
  address: localizedTextSchema,
  lat: z.number(),
  lng: z.number(),
  hours: z.object({ open: z.string(), close: z.string() }),
  openNow: z.boolean(),
  type: z.enum(LOCKER_TYPES),
  complexId: z.string().nullable(),
  acceptsParcels: z.boolean(),
  /** A heartbeat from the site's controller within the last 90 s. */
  online: z.boolean(),
  /** Offline, but heard recently enough that a booking made now gets a PIN its keypad checks by itself. */
  bookableOffline: z.boolean(),
  lastHeartbeatAt: z.string().nullable(),
  /**
   * Closed for repairs (every locker out of service): since when and until when the operators expect
   * it back (either null when not known, `until` also once it has passed); null when open for bookings.
   */
  closed: z.object({ since: z.string().nullable(), until: z.string().nullable() }).nullable(),
  sizes: z.array(siteSizeSchema),
});
export type LockerSite = z.infer<typeof lockerSiteSchema>;

export const lockerLocationsSchema = z.object({ sites: z.array(lockerSiteSchema), at: z.string() });

export const siteParamsSchema = z.strictObject({ siteId });

export const availabilityQuerySchema = z.strictObject({
  size: lockerSizeSchema,
  durationHours,
  startAt: isoDateTime.optional(),
});

export const availabilitySchema = z.object({
  siteId: z.string(),
  size: lockerSizeSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  free: z.number().int(),
  available: z.boolean(),
  online: z.boolean(),
  bookableOffline: z.boolean(),
  openAtStart: z.boolean(),
  /** Other sizes free for the same time, with what they would cost. */
  otherSizes: z.array(
    z.object({ size: lockerSizeSchema, free: z.number().int(), amountPaise: z.number().int() }),
  ),
  /** Earliest start (from the asked start on) at which this size is free for the whole duration. */
  earliestStartAt: z.string().nullable(),
});

export const quoteQuerySchema = z.strictObject({
  siteId,
  size: lockerSizeSchema,
  durationHours,
  startAt: isoDateTime.optional(),
});

export const quoteSchema = z.object({
  siteId: z.string(),
  size: lockerSizeSchema,
  durationHours: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  basePaise: z.number().int(),
  planHours: z.number().int(),
  planId: z.string().nullable(),
  amountPaise: z.number().int(),
  taxPaise: z.number().int(),
  currency: z.literal('INR'),
});
export type LockerQuoteAnswer = z.infer<typeof quoteSchema>;

export const createBookingBody = z.strictObject({
  siteId,
  size: lockerSizeSchema,
  durationHours,
  /** Omit (or now) for a booking starting now; up to 7 days ahead for a scheduled one. */
  startAt: isoDateTime.optional(),
  /** Ask for a low (accessible) locker, rows 1–2; honoured when one is free. */
  preferLow: z.boolean().optional(),
});
export type CreateBookingBody = z.infer<typeof createBookingBody>;

export const extendBookingBody = z.strictObject({
  hours: z.number().int().min(1).max(LOCKER_RULES.maxTotalHours),
});

/** `GET /api/bookings/:id/extend/quote?hours=`: the price of adding these hours, shown before paying. */
export const extendQuoteQuery = z.strictObject({
  hours: z.coerce.number().int().min(1).max(LOCKER_RULES.maxTotalHours),
});

export const moveBookingBody = z.strictObject({ startAt: isoDateTime });

export const listBookingsQuery = z.strictObject({
  /** recent: in progress, or finished in the last 24 h; past: finished. */
  period: z.enum(['recent', 'past']).default('recent'),
  get_payment_detail: boolString.default(false),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const bookingParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });

/** The payment the app hands to the checkout (the `payment` object of docs/product.md#payment-provider). */
export const bookingPaymentSchema = z
  .object({
    id: z.string(),
    provider: z.string(),
    providerOrderId: z.string(),
    amount: z.number(),
    currency: z.string(),
    keyId: z.string().nullable().optional(),
  })
  .catchall(z.unknown());

export const bookingChargeSchema = z.object({
  id: z.string(),
  kind: z.enum(['booking', 'extension', 'overstay']),
  paymentId: z.string().nullable(),
  hours: z.number().int(),
  planHours: z.number().int(),
  amountPaise: z.number().int(),
  taxPaise: z.number().int(),
  state: z.enum(['pending', 'paid', 'covered', 'lapsed', 'refunded', 'failed']),
  refundedPaise: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

export const bookingOffersSchema = z.object({
  /** Other sizes free here for the same time. */
  otherSizes: z.array(
    z.object({ size: lockerSizeSchema, free: z.number().int(), amountPaise: z.number().int() }),
  ),
  /** The earliest time this size is free here for the whole duration. */
  sameSizeLater: z.object({ startsAt: z.string(), endsAt: z.string() }).nullable(),
  /** Other sites (that this user may use) with this size free now. */
  otherSites: z.array(z.object({ siteId: z.string(), name: localizedTextSchema, free: z.number().int() })),
});

export const bookingSchema = z.object({
  id: z.string(),
  state: bookingStateSchema,
  siteId: z.string(),
  site: z.object({ id: z.string(), name: localizedTextSchema, type: z.enum(LOCKER_TYPES) }),
  size: lockerSizeSchema,
  locker: z
    .object({
      id: z.string(),
      /** What the door shows, e.g. `M03`. */
      label: z.string(),
      column: z.number().int(),
      row: z.number().int(),
      /** Rows 1–2: reachable from a wheelchair or by a child. */
      low: z.boolean(),
    })
    .nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  durationHours: z.number().int(),
  extendedHours: z.number().int(),
  scheduled: z.boolean(),
  preferLow: z.boolean(),
  holdExpiresAt: z.string().nullable(),
  /** The dynamic PIN, once reserved (a scheduled booking: 15 min before its start). */
  pin: z.string().nullable(),
  pinExpiresAt: z.string().nullable(),
  price: z.object({
    amountPaise: z.number().int(),
    basePaise: z.number().int(),
    taxPaise: z.number().int(),
    planHours: z.number().int(),
    planId: z.string().nullable(),
    currency: z.literal('INR'),
  }),
  /** While expired: the overstay so far and what is still to pay before the last open. */
  overstay: z
    .object({
      since: z.string(),
      hours: z.number().int(),
      paidHours: z.number().int(),
      duePaise: z.number().int(),
    })
    .nullable(),
  /** An extension waiting for payment. */
  pendingExtension: z
    .object({ hours: z.number().int(), amountPaise: z.number().int(), holdExpiresAt: z.string() })
    .nullable(),
  waitlistPosition: z.number().int().nullable(),
  /**
   * While its site is offline (no heartbeat heard; a live booking only): since when, and until when
   * its PIN still opens at the keypad, which checks it by itself (null: the keypad does not hold it).
   * The app cannot open the door meanwhile. Read from the server on every load, not only told live.
   */
  siteOffline: z.object({ since: z.string(), pinWorksUntil: z.string().nullable() }).nullable(),
  openedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /**
   * Why a closed booking closed: `user`, `unused`, `overstay_cleared`, `cleared_by_staff` (ended);
   * `hold`, `no_show`, `waitlist` (timed out); `cancel`, `refunded` (cancelled: by the user, or its payment
   * refunded in full at the provider); null while live.
   */
  closeReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Present when the user has something to pay now. */
  payment: bookingPaymentSchema.optional(),
  /** Present when the size asked for was full. */
  offers: bookingOffersSchema.optional(),
  /** With get_payment_detail=true. */
  payments: z.array(bookingChargeSchema).optional(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingListSchema = z.object({
  data: z.array(bookingSchema),
  period: z.enum(['recent', 'past']),
  page: z.number().int(),
  hasMore: z.boolean(),
});

export const unlockAnswerSchema = z.object({
  booking: bookingSchema,
  commandId: z.string(),
  status: z.literal('waiting'),
});

export const cancelAnswerSchema = z.object({
  booking: bookingSchema,
  refund: z.object({ amountPaise: z.number().int(), rule: z.enum(['nothing_paid', 'full', 'half', 'none']) }),
});

/** Notifications (docs/product.md#help): every event worth keeping, paged, with the unread count. */
export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: localizedTextSchema,
  body: localizedTextSchema,
  data: z.record(z.string(), z.unknown()),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  unreadCount: z.number().int(),
});

/** Site controller messages (docs/locker-protocol.md). */
/**
 * What a controller did while it could not reach the server, replayed in order when it is back
 * (docs/locker-protocol.md#offline). A PIN that opened names its locker and, for a PIN from the list,
 * its booking; never the PIN.
 */
export const offlineEvent = z.union([
  z.object({
    kind: z.literal('pin'),
    ok: z.literal(true),
    lockerId: z.string().min(1).max(64),
    via: z.enum(['list', 'derived']),
    bookingId: z.string().min(1).max(64).optional(),
  }),
  z.object({
    kind: z.literal('pin'),
    ok: z.literal(false),
    reason: z.enum(['unknown_pin', 'not_yet', 'expired', 'used', 'bad_format', 'locked_out']),
  }),
  z.object({
    kind: z.literal('door'),
    lockerId: z.string().min(1).max(64),
    state: z.enum(['open', 'closed', 'forced']),
  }),
  z.object({
    kind: z.literal('fault'),
    lockerId: z.string().min(1).max(64).optional(),
    fault: z.string().min(1).max(200),
  }),
]);
export type OfflineEvent = z.infer<typeof offlineEvent>;

/** One live PIN as a controller keeps it: hashed, with the window it opens in (docs/locker-protocol.md#offline). */
export interface ControllerPin {
  hash: string;
  lockerId: string;
  bookingId: string;
  from: string;
  until: string;
  /** A parcel's PIN opens once, even offline. */
  once: boolean;
}

export const controllerStateMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('heartbeat'),
    at: z.string().optional(),
    firmware: z.string().optional(),
    /** The `at` of the PIN list the controller holds; without it, it holds none. */
    pinsAt: z.iso.datetime({ offset: true }).optional(),
  }),
  z.object({
    type: z.literal('door'),
    lockerId: z.string().min(1).max(64),
    state: z.enum(['open', 'closed', 'forced']),
    at: z.string().optional(),
  }),
  z.object({
    type: z.literal('fault'),
    lockerId: z.string().min(1).max(64).optional(),
    fault: z.string().min(1).max(200),
    at: z.string().optional(),
  }),
  z.object({
    type: z.literal('offline'),
    entryId: z.string().min(1).max(64),
    seq: z.number().int().min(0),
    at: z.iso.datetime({ offset: true }),
    event: offlineEvent,
  }),
]);
export type ControllerStateMessage = z.infer<typeof controllerStateMessage>;

export const keypadMessage = z.object({
  pin: z.string().max(12),
  at: z.string().optional(),
  requestId: z.string().min(1).max(64),
});
export type KeypadMessage = z.infer<typeof keypadMessage>;

export type ControllerCommand =
  | { type: 'open'; lockerId: string; commandId: string; reason: 'keypad' | 'remote' | 'ops' }
  | {
      type: 'keypadResult';
      requestId: string;
      ok: boolean;
      lockerId?: string;
      reason?: 'unknown_pin' | 'not_yet' | 'expired' | 'overstay_unpaid' | 'bad_format' | 'locked_out';
      /** Locked out: when the keypad takes PINs again, and what its display says meanwhile. */
      retryAfterSeconds?: number;
      message?: string;
    }
  | {
      /** The site's live PINs, whole, each time one changes: the newest `at` wins. */
      type: 'pins';
      at: string;
      /** The site's locker ids in the order derived PINs number them. */
      lockers: string[];
      pins: ControllerPin[];
      /**
       * Lockers that hold, or are kept for, a booking's things whether or not a PIN opens them now
       * (one in overstay, one booked for later): a derived PIN never opens them.
       */
      held?: string[];
    }
  /** These offline entries are applied and kept: the controller may forget them. */
  | { type: 'offlineAck'; entryIds: string[] }
  /** An operator reopened the keypad: wrong PINs before `at` no longer count (docs/locker-protocol.md#guessing). */
  | { type: 'keypadReopened'; at: string };

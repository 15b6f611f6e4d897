import { z } from 'zod';
import { paymentSchema } from './payments.ts';
import { MAX_PHOTO_BYTES, photoSchema } from './photo.ts';

/**
 * The residential complex marketplace (docs/complex.md): membership of one complex, residents'
 * listings, orders between residents and their hand-over. Amounts are integer paise.
 */

const localized = z.object({ en: z.string(), ta: z.string() });
const paise = z.number().int();
const id = z.string().trim().min(1).max(100);

/** Listing ids carry this prefix, so `/productDetails/:id` knows a neighbour's listing from a shop's product. */
export const LISTING_ID_PREFIX = 'cl-';
export const isListingId = (value: string): boolean => value.startsWith(LISTING_ID_PREFIX);
/** And orders between residents this one, so `/profile/MyOrders/:id` knows them from a shop's orders. */
export const COMPLEX_ORDER_ID_PREFIX = 'co-';
export const isComplexOrderId = (value: string): boolean => value.startsWith(COMPLEX_ORDER_ID_PREFIX);

export const COMPLEX_RULES = {
  /** Photos per listing. */
  maxPhotos: 5,
  /** Bytes of one uploaded photo, before resizing. */
  maxPhotoBytes: MAX_PHOTO_BYTES,
  /** ₹1,00,000: a neighbour's sale, not a flat's. */
  maxPricePaise: 10_000_000,
  maxQuantity: 99,
  maxTitle: 80,
  maxDescription: 1000,
  /** An unpaid order holds its quantity this long. */
  paymentHoldMinutes: 15,
  /** A locker for the drop, then for the pickup; and the buyer's window to report an in-person hand-over. */
  lockerHoldHours: 48,
  confirmAfterHours: 48,
} as const;

// A listing's photos are the app's uploaded photos (schemas/photo.ts).
export { PHOTO_SIZES, type Photo, type PhotoSize, photoSchema } from './photo.ts';

// ------------------------------------------------------------------ complexes and membership

export const complexSummarySchema = z.object({
  id: z.string(),
  name: localized,
  address: localized,
  lat: z.number(),
  lng: z.number(),
  blocks: z.array(z.string()),
  flatsPerBlock: z.number().int(),
  /** From the point asked about, when one was given. */
  distanceKm: z.number().nullable(),
});
export type ComplexSummary = z.infer<typeof complexSummarySchema>;

export const complexListQuery = z
  .object({
    q: z.string().trim().max(60).optional(),
    lat: z.coerce.number().min(-90).max(90).optional().describe('With `lng`: both or neither.'),
    lng: z.coerce.number().min(-180).max(180).optional().describe('With `lat`: both or neither.'),
  })
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), {
    message: 'lat and lng go together',
    path: ['lat'],
  })
  .meta({ description: '`lat` and `lng` go together: both or neither.' });
export type ComplexListQuery = z.infer<typeof complexListQuery>;
export const complexListSchema = z.object({ complexes: z.array(complexSummarySchema) });

export const MEMBERSHIP_STATUSES = ['pending', 'approved', 'refused'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
export const MEMBER_ROLES = ['resident', 'admin'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A flat's number as residents write it: `A-101`, `12`, `G3`. */
export const flatSchema = z
  .string()
  .trim()
  .min(1, 'Enter your flat number.')
  .max(10, 'A flat number is at most 10 characters.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 /-]*$/, 'Use letters, digits and - or / only.');

export const joinComplexBody = z.strictObject({
  complexId: id,
  block: z.string().trim().min(1, 'Choose your block.').max(10),
  flat: flatSchema,
});
export type JoinComplexBody = z.infer<typeof joinComplexBody>;

export const membershipSchema = z.object({
  complexId: z.string(),
  complex: complexSummarySchema,
  block: z.string(),
  flat: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  role: z.enum(MEMBER_ROLES),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The admin's word when refusing. */
  note: z.string().nullable(),
});
export type Membership = z.infer<typeof membershipSchema>;
export const myMembershipSchema = z.object({ membership: membershipSchema.nullable() });

/** A request to join as the complex's admin sees it. */
export const joinRequestSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  /** Last four digits only: enough to recognise a neighbour. */
  phoneEnd: z.string().nullable(),
  block: z.string(),
  flat: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  requestedAt: z.string(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;
export const joinRequestListSchema = z.object({ requests: z.array(joinRequestSchema) });

export const decisionBody = z.strictObject({
  decision: z.enum(['approve', 'refuse']),
  note: z.string().trim().max(200).optional(),
});
export type DecisionBody = z.infer<typeof decisionBody>;
export const memberParams = z.object({ userId: id });
export const opsMemberParams = z.object({ complexId: id, userId: id });
export const complexParams = z.object({ complexId: id });

// ------------------------------------------------------------------ listings

export const LISTING_CONDITIONS = ['new', 'used', 'home_made'] as const;
export type ListingCondition = (typeof LISTING_CONDITIONS)[number];
export const HANDOVER_MODES = ['in_person', 'complex_locker'] as const;
export type HandoverMode = (typeof HANDOVER_MODES)[number];
export const LISTING_STATUSES = ['active', 'paused', 'sold_out', 'delisted'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

const listingFields = {
  title: z
    .string()
    .trim()
    .min(1, 'Give the item a title.')
    .max(COMPLEX_RULES.maxTitle, `A title is at most ${COMPLEX_RULES.maxTitle} characters.`),
  description: z
    .string()
    .trim()
    .max(
      COMPLEX_RULES.maxDescription,
      `A description is at most ${COMPLEX_RULES.maxDescription} characters.`,
    ),
  categoryId: id,
  pricePaise: z
    .number({ error: 'Enter a price.' })
    .int('Price in whole paise.')
    .min(100, 'The price is at least ₹1.')
    .max(COMPLEX_RULES.maxPricePaise, 'The price is at most ₹1,00,000.'),
  quantity: z
    .number({ error: 'Enter how many you have.' })
    .int('Quantity is a whole number.')
    .min(1, 'Quantity is at least 1.')
    .max(COMPLEX_RULES.maxQuantity, `Quantity is at most ${COMPLEX_RULES.maxQuantity}.`),
  condition: z.enum(LISTING_CONDITIONS),
  handover: z
    .array(z.enum(HANDOVER_MODES))
    .min(1, 'Choose at least one way to hand it over.')
    .refine((h) => new Set(h).size === h.length, 'Each way once.'),
  hazardous: z.boolean(),
  photoIds: z.array(id).max(COMPLEX_RULES.maxPhotos, `At most ${COMPLEX_RULES.maxPhotos} photos.`),
};

/** Fireworks and matches never go in a locker (docs/complex.md#listings). */
const lockerSafe = <T extends { hazardous?: boolean; handover?: readonly HandoverMode[] }>(v: T) =>
  !(v.hazardous && v.handover?.includes('complex_locker'));
const lockerSafeIssue = {
  message: 'Fireworks, matches and other hazardous items are handed over in person only.',
  path: ['handover'],
};

export const listingInput = z.strictObject(listingFields).refine(lockerSafe, lockerSafeIssue);
export type ListingInput = z.infer<typeof listingInput>;

/** Editing: any field, and the seller's status changes (pause, sold out, delist, active again). */
export const listingPatch = z
  .strictObject({ ...listingFields, status: z.enum(LISTING_STATUSES) })
  .partial()
  .refine(lockerSafe, lockerSafeIssue);
export type ListingPatch = z.infer<typeof listingPatch>;

export const listingSchema = z.object({
  id: z.string(),
  complexId: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  /** `B-204`: where a neighbour finds the seller. */
  sellerFlat: z.string(),
  title: z.string(),
  description: z.string(),
  categoryId: z.string(),
  pricePaise: paise,
  /** Units left to buy. */
  quantity: z.number().int(),
  condition: z.enum(LISTING_CONDITIONS),
  handover: z.array(z.enum(HANDOVER_MODES)),
  hazardous: z.boolean(),
  status: z.enum(LISTING_STATUSES),
  /** Hidden by the complex's admin after a report. */
  hidden: z.boolean(),
  photos: z.array(photoSchema),
  mine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Listing = z.infer<typeof listingSchema>;

export const listingParams = z.object({ id });
export const listingQuery = z.object({
  q: z.string().trim().max(60).optional(),
  categoryId: id.optional(),
});
export type ListingQuery = z.infer<typeof listingQuery>;
export const listingListSchema = z.object({ listings: z.array(listingSchema) });

export const reportBody = z.strictObject({
  reason: z.string().trim().min(3, 'Say what is wrong.').max(300),
});
export const hideBody = z.strictObject({ hidden: z.boolean() });

export const listingReportSchema = z.object({
  listing: listingSchema,
  reports: z.array(z.object({ reason: z.string(), createdAt: z.string() })),
});
export const listingReportListSchema = z.object({ reported: z.array(listingReportSchema) });

// ------------------------------------------------------------------ orders between residents

export const COMPLEX_ORDER_STATES = [
  'awaiting_payment',
  /** Paid; in person: waiting for the seller to hand it over. */
  'paid',
  /** Locker: the seller has a drop PIN for a held locker. */
  'awaiting_drop',
  /** Locker: dropped; the buyer has a pickup PIN. */
  'in_locker',
  /** In person: the seller says it was handed over; the buyer confirms or it confirms itself. */
  'handed_over',
  'completed',
  /** The buyer reported a problem with an in-person hand-over. */
  'disputed',
  /** Locker: not collected within the hold. */
  'uncollected',
  'cancelled',
  /** Payment failed or lapsed: the quantity went back to the listing. */
  'expired',
] as const;
export type ComplexOrderState = (typeof COMPLEX_ORDER_STATES)[number];

export const buyListingBody = z.strictObject({
  listingId: id,
  quantity: z.number().int().min(1).max(COMPLEX_RULES.maxQuantity),
  handover: z.enum(HANDOVER_MODES),
});
export type BuyListingBody = z.infer<typeof buyListingBody>;

export const complexOrderSchema = z.object({
  id: z.string(),
  complexId: z.string(),
  listingId: z.string(),
  title: z.string(),
  photo: photoSchema.nullable(),
  /** Am I buying or selling. */
  role: z.enum(['buyer', 'seller']),
  buyerName: z.string(),
  buyerFlat: z.string(),
  sellerName: z.string(),
  sellerFlat: z.string(),
  quantity: z.number().int(),
  unitPricePaise: paise,
  totalPaise: paise,
  handover: z.enum(HANDOVER_MODES),
  state: z.enum(COMPLEX_ORDER_STATES),
  /** While `awaiting_payment`: what to open the provider's checkout with. */
  payment: paymentSchema.nullable(),
  /** Locker hand-over: the site, the locker, and the PIN this side may use now (drop for the seller, pickup for the buyer). */
  locker: z
    .object({
      siteId: z.string(),
      siteName: localized,
      locker: z.string().nullable(),
      pin: z.string().nullable(),
      /** Drop or pickup by then. */
      until: z.string(),
    })
    .nullable(),
  /** When an in-person hand-over confirms itself unless the buyer reports a problem. */
  confirmsAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Seller side: when an operator recorded the payout. */
  paidOutAt: z.string().nullable(),
  timeline: z.array(z.object({ state: z.string(), at: z.string(), note: z.string().nullable() })),
  createdAt: z.string(),
});
export type ComplexOrder = z.infer<typeof complexOrderSchema>;
export const complexOrderListSchema = z.object({ orders: z.array(complexOrderSchema) });
export const complexOrderParams = z.object({ id });
export const cancelComplexOrderBody = z.strictObject({ reason: z.string().trim().max(200).optional() });
export const problemBody = z.strictObject({
  reason: z.string().trim().min(3, 'Say what went wrong.').max(300),
});

/** The seller's takings: what Petti owes and what an operator already paid out. */
export const earningsSchema = z.object({
  /** Completed sales not yet paid out. */
  owedPaise: paise,
  paidOutPaise: paise,
  /** Paid, not yet completed (on the way to owed). */
  pendingPaise: paise,
  sales: z.array(complexOrderSchema),
});
export type Earnings = z.infer<typeof earningsSchema>;

export const myListingsSchema = z.object({ listings: z.array(listingSchema), earnings: earningsSchema });

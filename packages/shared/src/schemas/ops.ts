import { z } from 'zod';
import { parseClock } from '../rules/site-hours.ts';

/** Ops API bodies other than orders' (schemas/orders.ts has those). */

/** Minutes after midnight, or null for anything that is not `HH:MM` up to 24:00. */
function minutesOf(value: string): number | null {
  try {
    return parseClock(value);
  } catch {
    return null;
  }
}

const clockTime = z
  .string()
  .refine((v) => minutesOf(v) !== null, { message: 'must be a HH:MM time between 00:00 and 24:00' })
  .meta({ pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$|^24:00$' });

/** A shop changes its opening hours (town time); `close` after `open`, `24:00` for midnight. */
export const sellerHoursBody = z
  .strictObject({ open: clockTime, close: clockTime })
  .refine(
    (h) => {
      const open = minutesOf(h.open);
      const close = minutesOf(h.close);
      // A malformed time is reported on its own field above.
      return open === null || close === null || close > open;
    },
    { message: 'close must be after open', path: ['close'] },
  )
  .meta({ examples: [{ open: '09:00', close: '21:00' }], description: '`close` is after `open`.' });
export type SellerHoursBody = z.infer<typeof sellerHoursBody>;

/** A locker as a technician sees it (GET /api/ops/lockers). */
export const opsLockerSchema = z.object({
  id: z.string(),
  /** What its door shows (`M03`). */
  label: z.string(),
  siteId: z.string(),
  size: z.string(),
  inService: z.boolean(),
  doorState: z.enum(['open', 'closed', 'forced']),
  doorChangedAt: z.string().nullable(),
  fault: z.string().nullable(),
  siteOnline: z.boolean(),
  /**
   * Why it is listed with `attention=true`: forced, door open, fault, out of service, site offline;
   * `overstay`: time ran out with things inside; `overstay_blocking`: and the next booking on this
   * locker could not be moved, so staff should empty it before that booking starts.
   */
  attention: z.array(
    z.enum([
      'forced',
      'door_open',
      'fault',
      'out_of_service',
      'site_offline',
      'overstay',
      'overstay_blocking',
    ]),
  ),
  /** The live booking holding it now, if any. */
  booking: z.object({ id: z.string(), state: z.string(), endsAt: z.string() }).nullable(),
});
export type OpsLocker = z.infer<typeof opsLockerSchema>;

export const opsLockersQuery = z.strictObject({
  siteId: z.string().max(64).optional(),
  attention: z.enum(['true', 'false']).optional(),
});

export const lockerServiceBody = z.strictObject({ inService: z.boolean() });

/**
 * `PUT …/locker-sites/:id/service`: the whole site out for repairs or back; `until` is when the
 * operator expects it back, shown to shoppers (only with `inService: false`).
 */
export const siteServiceBody = z
  .strictObject({ inService: z.boolean(), until: z.iso.datetime({ offset: true }).optional() })
  .refine((b) => !(b.inService && b.until), { message: 'until is for a site taken out', path: ['until'] });

/**
 * `PUT …/lockers/:id/service`: the locker, and what taking it out did to its bookings. Those not yet
 * opened moved to another locker of the size at the site or a near one (`siteId` says which), or,
 * none being free for their time, were cancelled with all they paid refunded; those in use keep it
 * until they end.
 */
export const lockerServiceAnswer = z.object({
  locker: opsLockerSchema,
  moved: z.array(z.object({ bookingId: z.string(), lockerId: z.string(), siteId: z.string() })),
  refunded: z.array(z.object({ bookingId: z.string(), amountPaise: z.number().int() })),
  staying: z.array(z.object({ bookingId: z.string(), state: z.string() })),
});
export type LockerServiceAnswer = z.infer<typeof lockerServiceAnswer>;

/** `POST …/lockers/:id/open`: an operator opens a door from afar, saying why (kept in the log). */
export const lockerOpenBody = z.strictObject({ reason: z.string().trim().min(3).max(200) });
export type LockerOpenBody = z.infer<typeof lockerOpenBody>;

/** One opening of a locker: asked at the keypad, from the app (`remote`) or by an operator (`ops`). */
export const lockerOpeningSchema = z.object({
  id: z.string(),
  reason: z.enum(['keypad', 'remote', 'ops']),
  /** `sent` until the door reports open; `failed` when it did not within the unlock timeout. */
  state: z.enum(['sent', 'opened', 'failed']),
  bookingId: z.string().nullable(),
  /** For an operator's open: whether an operator signed in or the ops token asked, and why. */
  byOperator: z.boolean(),
  note: z.string().nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type LockerOpening = z.infer<typeof lockerOpeningSchema>;

/**
 * `PUT …/locker-sites/:id/service`: every locker of the site out of service (or back), each through
 * the same steps as one locker's; what it did to their bookings, summed.
 */
export const siteServiceAnswer = z.object({
  lockers: z.number().int(),
  moved: lockerServiceAnswer.shape.moved,
  refunded: lockerServiceAnswer.shape.refunded,
  staying: lockerServiceAnswer.shape.staying,
});
export type SiteServiceAnswer = z.infer<typeof siteServiceAnswer>;

/** A locker site as the operators' console shows it (`GET …/locker-sites`). */
/**
 * A site's keypad as its wrong PINs left it (docs/locker-protocol.md#guessing): taking PINs, paused
 * until a time, or closed until a time or an operator's reopening; with the wrong PINs of the day.
 */
export const keypadStateSchema = z.object({
  state: z.enum(['open', 'paused', 'closed']),
  until: z.string().nullable(),
  wrongs: z.number().int(),
});
export type KeypadState = z.infer<typeof keypadStateSchema>;

export const opsSiteSchema = z.object({
  id: z.string(),
  name: z.object({ en: z.string(), ta: z.string() }),
  type: z.string(),
  online: z.boolean(),
  /** When the site was found offline (no heartbeat), while it is. */
  offlineSince: z.string().nullable(),
  lastHeartbeatAt: z.string().nullable(),
  lockers: z.object({
    total: z.number().int(),
    /** Held by a live booking now. */
    booked: z.number().int(),
    outOfService: z.number().int(),
    /** Forced doors, doors open too long, faults, overstays (the lockers' `attention`, site offline aside). */
    needAttention: z.number().int(),
  }),
  /** The town's day so far: bookings starting today (not cancelled), and money paid today net of refunds. */
  today: z.object({ bookings: z.number().int(), paidPaise: z.number().int() }),
  keypad: keypadStateSchema,
});
export type OpsSite = z.infer<typeof opsSiteSchema>;

/** `POST /api/ops/bookings/:id/clear`: the overstaying booking, now ended by staff. */
export const opsClearedBookingSchema = z.object({
  booking: z.object({ id: z.string(), state: z.string(), lockerId: z.string().nullable() }),
});

/** A timer set aside after failing too often (`GET …/timers/dead`), for an operator to put back. */
export const deadTimerSchema = z.object({
  id: z.string(),
  kind: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  deadAt: z.string().nullable(),
  dueAt: z.string(),
  bookingId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type DeadTimer = z.infer<typeof deadTimerSchema>;

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
  .refine((v) => minutesOf(v) !== null, { message: 'must be a HH:MM time between 00:00 and 24:00' });

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
  .meta({ examples: [{ open: '09:00', close: '21:00' }] });
export type SellerHoursBody = z.infer<typeof sellerHoursBody>;

/** A locker as a technician sees it (GET /api/ops/lockers). */
export const opsLockerSchema = z.object({
  id: z.string(),
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

/** `POST /api/ops/bookings/:id/clear`: the overstaying booking, now ended by staff. */
export const opsClearedBookingSchema = z.object({
  booking: z.object({ id: z.string(), state: z.string(), lockerId: z.string().nullable() }),
});

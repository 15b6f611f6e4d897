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
export const sellerHoursBody = z.strictObject({ open: clockTime, close: clockTime }).refine(
  (h) => {
    const open = minutesOf(h.open);
    const close = minutesOf(h.close);
    // A malformed time is reported on its own field above.
    return open === null || close === null || close > open;
  },
  { message: 'close must be after open', path: ['close'] },
);
export type SellerHoursBody = z.infer<typeof sellerHoursBody>;

import { EXTENDABLE_STATES, LOCKER_RULES, quoteHours } from '@petti/shared';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { invalid } from './checks.ts';
import type { BookingCore } from './core.ts';
import { getRate, type SiteRow } from './repo.ts';
import type { BookingRow } from './schema.ts';

/**
 * What adding `hours` to a booking costs now, with the buyer's plan applied: the price the app shows
 * before paying and the one the extension flow charges, from one rule.
 */
export async function priceExtension(core: BookingCore, tx: DbOrTx, b: BookingRow, hours: number, now: Date) {
  if (!(EXTENDABLE_STATES as readonly string[]).includes(b.state)) throw invalid(b, 'extended');
  const booked = b.durationHours + b.extendedHours;
  if (booked + hours > LOCKER_RULES.maxTotalHours)
    throw new AppError('BookingTooLong', undefined, {
      details: { hoursLeft: LOCKER_RULES.maxTotalHours - booked },
    });
  const site: SiteRow = await core.siteOf(tx, b.siteId);
  const rate = await getRate(tx, site.type, b.size);
  const plan = await core.allowance(tx, b.userId, now);
  return { site, plan, quote: quoteHours(rate, b.size, booked, booked + hours, plan) };
}

import { isOpenAt, LOCKER_RULES } from '@petti/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import { inServiceCount, lockersService } from '../lockers/index.ts';
import type { BookingCore } from './core.ts';
import type { PaymentObject } from './ports.ts';
import type { SiteRow } from './repo.ts';
import type { BookingRow } from './schema.ts';

const HOUR = 3_600_000;

/** Who is asking: the user and the device session (`x-session-id`) the events should name. */
export interface Caller {
  userId: string;
  sessionId: string | null;
}

/** A refusal that is also told to the user's devices: the event commits, then the error is thrown. */
export type Outcome<T> = { ok: T } | { refused: AppError };

/** When a booking may start: now, or a scheduled start within the horizon and the site's hours. */
export function resolveStart(site: SiteRow, startAt: string | undefined, now: Date, mustBeLater = false) {
  const asked = startAt ? new Date(startAt) : now;
  const ahead = asked.getTime() - now.getTime();
  if (
    ahead < -LOCKER_RULES.startNowToleranceSeconds * 1000 ||
    ahead > LOCKER_RULES.maxStartAheadDays * 24 * HOUR
  )
    throw new AppError('StartNotAllowed');
  const scheduled = ahead > LOCKER_RULES.startNowToleranceSeconds * 1000;
  if (mustBeLater && !scheduled)
    throw new AppError(
      'StartNotAllowed',
      'A scheduled booking can be moved to a later time only, from a minute ahead.',
    );
  // Whole seconds: what the database and the app show.
  const start = new Date(Math.floor((scheduled ? asked : now).getTime() / 1000) * 1000);
  if (!isOpenAt({ open: site.opensAt, close: site.closesAt }, start))
    throw new AppError('SiteClosed', undefined, {
      details: { hours: { open: site.opensAt, close: site.closesAt } },
    });
  return { start, scheduled };
}

/** The size has a locker in service here; a site whose every locker is out is closed for repairs. */
export async function sizeAtSite(tx: DbOrTx, siteId: string, size: string) {
  if ((await inServiceCount(tx, siteId, size)) > 0) return;
  if ((await lockersService.closedSites(tx, [siteId])).has(siteId))
    throw new AppError('SiteOutOfService', undefined, { details: { siteId } });
  throw new AppError('SizeNotAtSite');
}

/** Refusing a booking at a complex site for a non-resident, or at an offline site: both are told as events. */
export async function refuseAtSite(
  core: BookingCore,
  fx: Effects,
  caller: Caller,
  site: SiteRow,
  code: 'UserNotEnable' | 'lockerOffline',
) {
  await core.emitRaw(fx, {
    userId: caller.userId,
    event: code,
    code,
    site: { id: site.id, name: site.name },
    sessionId: caller.sessionId,
    reason: 'refused',
  });
  const message =
    code === 'UserNotEnable'
      ? `The lockers at ${site.name.en} are only for residents of its complex.`
      : undefined;
  return { refused: new AppError(code, message, { details: { siteId: site.id } }) } as const;
}

export async function lockOwn(core: BookingCore, tx: Tx, caller: Caller, id: string): Promise<BookingRow> {
  const b = await core.lockBooking(tx, id, caller.userId);
  if (!b) throw notFound('booking');
  return b;
}

export const invalid = (b: BookingRow, what: string) =>
  new AppError('BookingStateInvalid', `A ${b.state.replace('_', ' ')} booking cannot be ${what}.`, {
    details: { state: b.state },
  });

export function overstayError(
  b: BookingRow,
  due: { payment: PaymentObject; amountPaise: number; hours: number },
) {
  return new AppError('OverstayUnpaid', undefined, {
    details: { bookingId: b.id, amountPaise: due.amountPaise, hours: due.hours, payment: due.payment },
  });
}

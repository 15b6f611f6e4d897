import type { PlanAllowance } from '@petti/shared';
import type { Caller } from './checks.ts';
import type { BookingCore } from './core.ts';
import { computeOffers, type Offers } from './offers.ts';
import type { SiteRow } from './repo.ts';
import type { BookingRow } from './schema.ts';

/** Where and when a request that joined the waitlist wanted its locker. */
export interface WaitlistQuery {
  site: SiteRow;
  start: Date;
  plan: PlanAllowance | null;
  complexId: string | null;
}

/**
 * A waitlisted request: the offers (other sizes here, this size later, this size at other sites)
 * and the events that tell every device about them (docs/product.md#waitlist).
 */
export async function offerAlternatives(
  core: BookingCore,
  caller: Caller,
  w: BookingRow,
  q: WaitlistQuery,
): Promise<Offers> {
  const { db, clock, transactor } = core.deps;
  const now = clock.now();
  const offers = await computeOffers(db, {
    site: q.site,
    size: w.size,
    start: q.start,
    durationHours: w.durationHours,
    now,
    plan: q.plan,
    userComplexId: q.complexId,
    isOnline: (s) => core.isOnline(s, now),
  });
  await transactor.run(async (_tx, fx) => {
    const sid = caller.sessionId;
    const site = q.site;
    await core.emit(fx, w, { event: 'bookingCreatedWaitlisted', sessionId: sid, site, extra: { offers } });
    if (offers.otherSizes.length)
      await core.emit(fx, w, {
        event: 'otherSizeLockersReceived',
        sessionId: sid,
        site,
        text: { sizes: offers.otherSizes.map((o) => o.size) },
        extra: { sizes: offers.otherSizes },
      });
    if (offers.sameSizeLater)
      await core.emit(fx, w, {
        event: 'sameSizeScheduledBookingOffered',
        sessionId: sid,
        site,
        text: { startsAt: new Date(offers.sameSizeLater.startsAt) },
        extra: { slot: offers.sameSizeLater },
      });
    if (offers.otherSites.length)
      await core.emit(fx, w, {
        event: 'otherAvailabilityData',
        sessionId: sid,
        site,
        text: { sites: offers.otherSites.map((s) => s.name) },
        extra: { sites: offers.otherSites },
      });
  });
  return offers;
}

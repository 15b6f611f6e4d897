import { and, eq, gt, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { BookingCore } from './core.ts';
import type { LockerRow, SiteRow } from './repo.ts';
import { bookings } from './schema.ts';

/**
 * Booking at a site that cannot be reached (docs/locker-protocol.md#offline): the lockers, of those
 * free, that its controller also counts free — none held for anyone in the list it had when last
 * heard (a booking ended since is still held there, whatever its hours: its things may be inside),
 * and none a derived PIN has opened since (the controller keeps that locker for it until the site is
 * back) — and that can be given a derived PIN for that window. Best first, as `free` came.
 */
export async function freeAtOfflineSite(
  core: BookingCore,
  tx: Tx,
  site: SiteRow,
  free: LockerRow[],
  start: Date,
  end: Date,
): Promise<LockerRow[]> {
  const heardAt = site.lastHeartbeatAt;
  if (!heardAt || free.length === 0) return [];
  // Held when last heard, or booked since: not closed by then (every final state sets endedAt).
  const held = await tx
    .selectDistinct({ lockerId: bookings.lockerId })
    .from(bookings)
    .where(
      and(
        eq(bookings.siteId, site.id),
        isNotNull(bookings.lockerId),
        or(isNull(bookings.endedAt), gt(bookings.endedAt, heardAt)),
        ne(bookings.state, 'waitlisted'),
      ),
    );
  const taken = new Set(held.map((h) => h.lockerId));
  const derivable = await core.deps.pins.derivable(
    tx,
    site.id,
    free.map((l) => l.id),
    { startsAt: start, endsAt: end },
    heardAt,
  );
  return free.filter((l) => !taken.has(l.id) && derivable.has(l.id));
}

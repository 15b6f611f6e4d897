import { derivedWindow } from '@petti/shared/node/offline-pins';
import { and, eq, gt, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { BookingCore } from './core.ts';
import type { LockerRow, SiteRow } from './repo.ts';
import { bookings } from './schema.ts';

/**
 * Booking at a site that cannot be reached (docs/locker-protocol.md#offline): the lockers, of those
 * free, that its controller also counts free — none of the PINs it held when last heard opens them
 * during the booking's whole hours (a booking ended since keeps its PIN there until its own end) — and
 * that can be given a derived PIN for that window. Best first, as `free` came.
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
  const w = derivedWindow(start, end);
  const held = await tx
    .selectDistinct({ lockerId: bookings.lockerId })
    .from(bookings)
    .where(
      and(
        eq(bookings.siteId, site.id),
        isNotNull(bookings.lockerId),
        isNotNull(bookings.pinIssuedAt),
        lte(bookings.pinIssuedAt, heardAt),
        or(isNull(bookings.endedAt), gt(bookings.endedAt, heardAt)),
        lt(bookings.startsAt, w.until),
        or(
          gt(bookings.pinExpiresAt, w.from),
          and(isNull(bookings.pinExpiresAt), gt(bookings.endsAt, w.from)),
        ),
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

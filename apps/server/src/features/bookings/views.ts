import {
  type Booking,
  type BookingState,
  isFinal,
  LOCKER_RULES,
  type LockerRate,
  overstayCharge,
  overstayHours,
} from '@petti/shared';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sideBySide } from '../../db/together.ts';
import { lockersByIds, lockersService } from '../lockers/index.ts';
import { lockerLabel } from './emitter.ts';
import { allRates, rateIn } from './repo.ts';
import { type BookingRow, bookingCharges, bookings, type ChargeRow, keypadPinUntil } from './schema.ts';

const LIVE_CHARGE = new Set(['pending', 'paid', 'covered']);

/**
 * Builds the API's booking answers for rows of one user, loading what they need in a few queries
 * (sites, lockers, charges, prices, waitlist positions).
 */
export async function toBookings(
  db: DbOrTx,
  rows: BookingRow[],
  now: Date,
  options: { withPayments?: boolean } = {},
): Promise<Booking[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const siteIds = [...new Set(rows.map((r) => r.siteId))];
  const lockerIds = [...new Set(rows.map((r) => r.lockerId).filter((x): x is string => Boolean(x)))];
  const [sites, lockerRows, charges, rates, positions] = await sideBySide([
    () => lockersService.siteSummaries(db, siteIds),
    () => lockersByIds(db, lockerIds),
    () =>
      db
        .select()
        .from(bookingCharges)
        .where(inArray(bookingCharges.bookingId, ids))
        .orderBy(asc(bookingCharges.createdAt)),
    () => allRates(db),
    () =>
      waitlistPositions(
        db,
        rows.filter((r) => r.state === 'waitlisted'),
      ),
  ] as const);
  const siteById = new Map(sites.map((s) => [s.id, s]));
  const lockerById = new Map(lockerRows.map((l) => [l.id, l]));
  const chargesBy = new Map<string, ChargeRow[]>();
  for (const c of charges) chargesBy.set(c.bookingId, [...(chargesBy.get(c.bookingId) ?? []), c]);
  return rows.map((b) => {
    const site = siteById.get(b.siteId)!;
    const rate = rateIn(rates, site.type, b.size);
    return toBooking(b, {
      site,
      locker: b.lockerId ? (lockerById.get(b.lockerId) ?? null) : null,
      charges: chargesBy.get(b.id) ?? [],
      rate: rate ?? null,
      position: positions.get(b.id) ?? null,
      now,
      withPayments: options.withPayments ?? false,
    });
  });
}

async function waitlistPositions(db: DbOrTx, waiting: BookingRow[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const w of waiting) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(
        and(
          eq(bookings.siteId, w.siteId),
          eq(bookings.size, w.size),
          eq(bookings.state, 'waitlisted'),
          or(
            sql`${bookings.priority} > ${w.priority}`,
            and(eq(bookings.priority, w.priority), lt(bookings.createdAt, w.createdAt)),
          ),
        ),
      );
    out.set(w.id, Number(row?.n ?? 0) + 1);
  }
  return out;
}

export function toBooking(
  b: BookingRow,
  x: {
    site: { id: string; name: { en: string; ta: string }; type: string; offlineSince?: Date | null };
    locker: { id: string; column: number; row: number } | null;
    charges: ChargeRow[];
    rate: LockerRate | null;
    position: number | null;
    now: Date;
    withPayments: boolean;
  },
): Booking {
  const priced = x.charges.filter((c) => c.kind !== 'overstay' && LIVE_CHARGE.has(c.state));
  const sum = (f: (c: ChargeRow) => number) => priced.reduce((n, c) => n + f(c), 0);
  const pendingBooking = x.charges.find((c) => c.kind === 'booking' && c.state === 'pending');
  const pendingExtension = x.charges.find((c) => c.kind === 'extension' && c.state === 'pending');
  const pendingOverstay = x.charges.find((c) => c.kind === 'overstay' && c.state === 'pending');
  const payable =
    b.state === 'awaiting_payment'
      ? pendingBooking
      : (pendingExtension ?? (b.state === 'expired' ? pendingOverstay : undefined));
  let overstay: Booking['overstay'] = null;
  if (b.state === 'expired' && x.rate) {
    const hours = overstayHours(b.endsAt, x.now);
    overstay = {
      since: b.endsAt.toISOString(),
      hours,
      paidHours: b.overstayPaidHours,
      duePaise: overstayCharge(x.rate, b.durationHours + b.extendedHours, hours, b.overstayPaidHours)
        .amountPaise,
    };
  }
  const offlineSince = x.site.offlineSince ?? null;
  const pinWorksUntil = keypadPinUntil(b);
  const siteOffline: Booking['siteOffline'] =
    offlineSince && !isFinal(b.state as BookingState)
      ? {
          since: offlineSince.toISOString(),
          pinWorksUntil: pinWorksUntil && pinWorksUntil > x.now ? pinWorksUntil.toISOString() : null,
        }
      : null;
  const dto: Booking = {
    id: b.id,
    state: b.state,
    siteId: b.siteId,
    site: { id: x.site.id, name: x.site.name, type: x.site.type as Booking['site']['type'] },
    size: b.size as Booking['size'],
    locker: x.locker
      ? {
          id: x.locker.id,
          label: lockerLabel(x.locker.id, b.siteId),
          column: x.locker.column,
          row: x.locker.row,
          low: (LOCKER_RULES.lowRows as readonly number[]).includes(x.locker.row),
        }
      : null,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    durationHours: b.durationHours,
    extendedHours: b.extendedHours,
    scheduled: b.scheduled,
    preferLow: b.preferLow,
    holdExpiresAt: b.holdExpiresAt?.toISOString() ?? null,
    pin: b.pin,
    pinExpiresAt: b.pin ? (b.pinExpiresAt?.toISOString() ?? null) : null,
    price: {
      amountPaise: sum((c) => c.amountPaise),
      basePaise: sum((c) => c.basePaise),
      taxPaise: sum((c) => c.taxPaise),
      planHours: sum((c) => c.planHours),
      planId: priced.find((c) => c.planId)?.planId ?? null,
      currency: 'INR',
    },
    overstay,
    pendingExtension: pendingExtension?.holdExpiresAt
      ? {
          hours: pendingExtension.hours,
          amountPaise: pendingExtension.amountPaise,
          holdExpiresAt: pendingExtension.holdExpiresAt.toISOString(),
        }
      : null,
    siteOffline,
    waitlistPosition: x.position,
    openedAt: b.openedAt?.toISOString() ?? null,
    endedAt: b.endedAt?.toISOString() ?? null,
    closeReason: b.closeReason,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
  if (payable?.payment) dto.payment = payable.payment as Booking['payment'];
  if (x.withPayments)
    dto.payments = x.charges.map((c) => ({
      id: c.id,
      kind: c.kind,
      paymentId: c.paymentId,
      hours: c.hours,
      planHours: c.planHours,
      amountPaise: c.amountPaise,
      taxPaise: c.taxPaise,
      state: c.state,
      refundedPaise: c.refundedPaise,
      createdAt: c.createdAt.toISOString(),
      paidAt: c.paidAt?.toISOString() ?? null,
    }));
  return dto;
}

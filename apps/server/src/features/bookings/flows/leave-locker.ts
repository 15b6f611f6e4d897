import { LOCKER_RULES } from '@petti/shared';
import { greatCircleMetres } from '@petti/shared/rules/geo';
import { isOpenAt } from '@petti/shared/rules/site-hours';
import { and, eq, gt, inArray, or } from 'drizzle-orm';
import { AppError } from '../../../http/app-error.ts';
import type { Effects } from '../../../platform/events/transactor.ts';
import type { FlowRunner } from '../../../platform/flows/runner.ts';
import { dbStep } from '../../../platform/flows/steps.ts';
import { type LockerRow, lockersService } from '../../lockers/index.ts';
import type { BookingCore } from '../core.ts';
import { freeLockers, lockSiteSize } from '../repo.ts';
import { type BookingRow, bookings, isParcelHold } from '../schema.ts';
import { closeUnused, refundLater } from './cancel.ts';
import type { RefundNowStep } from './steps/refund-now.ts';

export interface LeaveLockerInput {
  lockerId: string;
}

export interface LeftLocker {
  locker: LockerRow;
  /** Bookings not yet opened, now on another locker of the size: at the same site, else a near one. */
  moved: Array<{ bookingId: string; lockerId: string; siteId: string }>;
  /** Bookings not yet opened with no other locker free for their time: cancelled, refunded in full. */
  refunded: Array<{ bookingId: string; amountPaise: number }>;
  /** Bookings in use (things inside): they keep the locker until they end; a technician sees them. */
  staying: Array<{ bookingId: string; state: string }>;
}

/** Not opened yet: nothing of the shopper's is inside, so the booking can go to another locker. */
const NOT_YET_OPENED = ['awaiting_payment', 'scheduled', 'reserved'] as const;
/** Holding the locker with the shopper's things inside. */
const IN_USE = ['active', 'expired'] as const;

/**
 * An operator takes a locker out of service even while it is booked (docs/lockers.md#out-of-service):
 * a broken door does not wait. In one transaction, the pivot: the locker is out of service, every
 * booking not yet opened moves to a free locker of its size at the same site (else at a near one),
 * and one that cannot is cancelled with all it paid refunded, each shopper told which; bookings in use keep the locker. The
 * refunds then run at once, outside the transaction; a refund that fails is retried by its timer.
 */
export function leaveLockerFlow(flows: FlowRunner, core: BookingCore, refundNow: RefundNowStep) {
  const { clock } = core.deps;

  /**
   * No locker of the size free at its site: the nearest public site within `nearSiteMetres` that is
   * online, open for the booking's whole time and has one free takes it, at no extra charge. A
   * complex's lockers serve its residents only, and a parcel hold belongs to its order's site, so
   * neither moves.
   */
  async function moveNearby(fx: Effects, b: BookingRow): Promise<BookingRow | null> {
    const tx = fx.tx;
    const from = await core.siteOf(tx, b.siteId);
    if (from.type !== 'public_lockers' || isParcelHold(b)) return null;
    const last = new Date((b.occupiedUntil ?? b.endsAt).getTime() - 1);
    const near = (await lockersService.sites(tx))
      .filter(
        (s) =>
          s.id !== from.id &&
          s.type === from.type &&
          s.offlineSince === null &&
          isOpenAt({ open: s.opensAt, close: s.closesAt }, b.startsAt) &&
          isOpenAt({ open: s.opensAt, close: s.closesAt }, last),
      )
      .map((s) => ({ s, metres: greatCircleMetres(from, s) }))
      .filter((x) => x.metres <= LOCKER_RULES.nearSiteMetres)
      .sort((x, y) => x.metres - y.metres);
    for (const { s } of near) {
      await lockSiteSize(tx, s.id, b.size);
      const [free] = await freeLockers(tx, {
        siteId: s.id,
        size: b.size,
        start: b.startsAt,
        end: b.occupiedUntil,
        preferLow: b.preferLow,
        except: b.id,
      });
      const moved = free ? await core.tryUpdate(tx, b, { siteId: s.id, lockerId: free.id }) : null;
      if (!moved) continue;
      await core.emit(fx, moved, {
        event: 'bookingStatusChanged',
        reason: 'outOfServiceNearby',
        text: { sites: [from.name] },
      });
      return moved;
    }
    return null;
  }

  const withdraw = dbStep({
    name: 'bookings.withdraw-locker',
    pivot: true,
    async run(fx, { lockerId }: LeaveLockerInput): Promise<LeftLocker & { refundTimers: string[] }> {
      const tx = fx.tx;
      const found = await lockersService.lockLocker(tx, lockerId);
      if (!found) throw new AppError('ResourceNotFound');
      // Other bookings of the site and size are made under this lock: none takes the free lockers meanwhile.
      await lockSiteSize(tx, found.siteId, found.size);
      const locker = await lockersService.setInService(tx, lockerId, false);
      const now = clock.now();
      const booked: BookingRow[] = await tx
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.lockerId, lockerId),
            inArray(bookings.state, [...NOT_YET_OPENED, ...IN_USE]),
            or(gt(bookings.endsAt, now), eq(bookings.state, 'expired')),
          ),
        )
        .orderBy(bookings.startsAt)
        .for('update');
      const out: LeftLocker & { refundTimers: string[] } = {
        locker,
        moved: [],
        refunded: [],
        staying: [],
        refundTimers: [],
      };
      for (const b of booked) {
        if ((IN_USE as readonly string[]).includes(b.state)) {
          out.staying.push({ bookingId: b.id, state: b.state });
          continue;
        }
        const free = await freeLockers(tx, {
          siteId: b.siteId,
          size: b.size,
          start: b.startsAt,
          end: b.occupiedUntil,
          preferLow: b.preferLow,
          except: b.id,
        });
        const moved = free[0] ? await core.tryUpdate(tx, b, { lockerId: free[0].id }) : null;
        if (moved) {
          out.moved.push({ bookingId: b.id, lockerId: moved.lockerId!, siteId: moved.siteId });
          await core.emit(fx, moved, { event: 'bookingStatusChanged', reason: 'outOfService' });
          continue;
        }
        const nearby = await moveNearby(fx, b);
        if (nearby) {
          out.moved.push({ bookingId: b.id, lockerId: nearby.lockerId!, siteId: nearby.siteId });
          continue;
        }
        const charges = await core.chargesOf(tx, b.id);
        const paid = charges.filter((c) => c.state === 'paid' && c.paymentId);
        const row = await closeUnused(core, fx, b, charges, 'out_of_service', null);
        let amountPaise = 0;
        for (const c of paid) {
          amountPaise += c.amountPaise;
          out.refundTimers.push(await refundLater(core, tx, c, c.amountPaise, 'locker out of service'));
        }
        out.refunded.push({ bookingId: b.id, amountPaise });
        await core.emit(fx, row, {
          event: 'userBookingDeleted',
          reason: 'outOfService',
          text: { amountPaise },
          extra: { refund: { amountPaise, rule: 'out_of_service' } },
        });
      }
      return out;
    },
  });

  return flows.define<LeaveLockerInput, LeftLocker>({
    name: 'bookings.leave-locker',
    steps: [withdraw, refundNow],
    async run(flow, input) {
      const { refundTimers, ...left } = await flow.db(withdraw, input);
      await flow.call(refundNow, refundTimers);
      return left;
    },
  });
}

import { randomInt } from 'node:crypto';
import {
  canTransition,
  generatePin,
  LOCKER_RULES,
  type LockerQuote,
  type PlanAllowance,
} from '@petti/shared';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { EXCLUSION_VIOLATION, isPgError, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import { newId } from '../../platform/ids.ts';
import { schedule } from '../../platform/jobs/worker.ts';
import { type BookingPatch, type CoreDeps, TIMER } from './core-deps.ts';
import { createEmitter, type EmitInput } from './emitter.ts';
import type { LockerPaymentPurpose } from './ports.ts';
import { getSite, lockSiteSize, type SiteRow } from './repo.ts';
import { type BookingRow, bookingCharges, bookings, type ChargeRow, isParcelHold } from './schema.ts';

const same = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/** Whether a change moves what the site's controller must know of the booking's PIN. */
const touchesPins = (b: BookingRow, patch: BookingPatch) =>
  (patch.pin !== undefined && patch.pin !== b.pin) ||
  (b.pin !== null &&
    (['state', 'lockerId', 'startsAt', 'endsAt', 'pinExpiresAt'] as const).some(
      (k) => patch[k] !== undefined && !same(patch[k], b[k]),
    ));

/**
 * The booking's own rows: reading and locking it, changing it along the state table, its charges,
 * timers, PIN and events. The lifecycle and overstay parts (core-lifecycle.ts, core-overstay.ts)
 * build on these.
 */
export function createCoreBase(deps: CoreDeps) {
  const { clock } = deps;
  const emitRaw = createEmitter({ outbox: deps.outbox, notifications: deps.notifications });

  async function siteOf(tx: DbOrTx, siteId: string): Promise<SiteRow> {
    const site = await getSite(tx, siteId);
    if (!site) throw notFound('lockerSite');
    return site;
  }

  /**
   * Locks a booking for a change, taking its site-and-size lock first (the lock order). Null when
   * there is no such booking (or, with `userId`, not that user's).
   */
  async function lockBooking(tx: Tx, id: string, userId?: string): Promise<BookingRow | null> {
    const [peek] = await tx
      .select({ siteId: bookings.siteId, size: bookings.size, userId: bookings.userId })
      .from(bookings)
      .where(eq(bookings.id, id));
    if (!peek || (userId && peek.userId !== userId)) return null;
    await lockSiteSize(tx, peek.siteId, peek.size);
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    return row ?? null;
  }

  async function emit(
    fx: Effects,
    b: BookingRow,
    input: Omit<EmitInput, 'userId' | 'site' | 'booking'> & { site?: SiteRow },
  ) {
    const site = input.site ?? (await siteOf(fx.tx, b.siteId));
    await emitRaw(fx, { ...input, userId: b.userId, site: { id: site.id, name: site.name }, booking: b });
  }

  function isOnline(site: SiteRow, now: Date): boolean {
    return (
      site.lastHeartbeatAt !== null &&
      now.getTime() - site.lastHeartbeatAt.getTime() < deps.config.LOCKER_OFFLINE_SECONDS * 1000
    );
  }

  async function allowance(tx: DbOrTx, userId: string, now: Date): Promise<PlanAllowance | null> {
    const sub = await deps.plans.activeLockerPlan(tx, userId, now);
    if (!sub) return null;
    return {
      planId: sub.planId,
      subscriptionId: sub.subscriptionId,
      sizes: sub.sizes,
      hoursLeft: Math.max(0, sub.hoursLeft),
      waitlistPriority: sub.waitlistPriority,
    };
  }

  /** Changes a booking, checking the move against the state table and that nobody changed it meanwhile. */
  async function update(tx: DbOrTx, b: BookingRow, patch: BookingPatch): Promise<BookingRow> {
    if (patch.state && patch.state !== b.state && !canTransition(b.state, patch.state))
      throw new Error(`booking ${b.id}: ${b.state} → ${patch.state} is not allowed`);
    const [row] = await tx
      .update(bookings)
      .set({ ...patch, updatedAt: clock.now() })
      .where(and(eq(bookings.id, b.id), eq(bookings.state, b.state)))
      .returning();
    if (!row) throw new AppError('Conflict');
    if (touchesPins(b, patch)) await deps.pins.changed(tx, row.siteId);
    return row;
  }

  /** As update, but answers null instead of failing when the locker interval would overlap another booking. */
  async function tryUpdate(tx: Tx, b: BookingRow, patch: BookingPatch): Promise<BookingRow | null> {
    try {
      return await tx.transaction((sp) => update(sp, b, patch));
    } catch (err) {
      if (isPgError(err, EXCLUSION_VIOLATION)) return null;
      throw err;
    }
  }

  async function timer(
    tx: DbOrTx,
    kind: string,
    dueAt: Date,
    b: BookingRow,
    data: Record<string, unknown> = {},
  ) {
    await schedule(tx, clock, {
      kind,
      dueAt,
      bookingId: b.id,
      siteId: b.siteId,
      lockerId: b.lockerId ?? undefined,
      data,
    });
    // Every end (a new booking, an extension, a move) gets its reminder; the handler checks that the
    // booking still ends then, so a stale one says nothing. A parcel hold is not the shopper's booking.
    const remindAt = new Date(dueAt.getTime() - LOCKER_RULES.endingReminderMinutes * 60_000);
    if (kind === TIMER.end && !isParcelHold(b) && remindAt > clock.now()) {
      await schedule(tx, clock, {
        kind: TIMER.endingSoon,
        dueAt: remindAt,
        bookingId: b.id,
        siteId: b.siteId,
        lockerId: b.lockerId ?? undefined,
        data: { endsAt: dueAt.toISOString() },
      });
    }
  }

  async function chargesOf(tx: DbOrTx, bookingId: string): Promise<ChargeRow[]> {
    return tx
      .select()
      .from(bookingCharges)
      .where(eq(bookingCharges.bookingId, bookingId))
      .orderBy(asc(bookingCharges.createdAt));
  }

  /**
   * Records what a booking (or its extension or overstay) costs, taking its plan hours. A charge
   * with an amount is `pending`: its payment is opened by a flow step outside any transaction
   * (flows/steps/payment.ts).
   */
  async function addCharge(
    tx: Tx,
    b: BookingRow,
    input: {
      kind: LockerPaymentPurpose;
      hours: number;
      quote: LockerQuote;
      plan: PlanAllowance | null;
      holdExpiresAt?: Date | null;
    },
  ): Promise<ChargeRow> {
    const q = input.quote;
    if (q.planHours > 0 && input.plan) {
      const taken = await deps.plans.useHours(tx, input.plan.subscriptionId, q.planHours);
      if (!taken) throw new AppError('Conflict', 'Your plan hours changed meanwhile. Please try again.');
    }
    const [charge] = await tx
      .insert(bookingCharges)
      .values({
        id: newId(),
        bookingId: b.id,
        userId: b.userId,
        kind: input.kind,
        hours: input.hours,
        planHours: q.planHours,
        planId: q.planHours > 0 ? q.planId : null,
        subscriptionId: q.planHours > 0 && input.plan ? input.plan.subscriptionId : null,
        basePaise: q.basePaise,
        amountPaise: q.amountPaise,
        taxPaise: q.taxPaise,
        state: q.amountPaise > 0 ? 'pending' : 'covered',
        holdExpiresAt: q.amountPaise > 0 ? (input.holdExpiresAt ?? null) : null,
        createdAt: clock.now(),
      })
      .returning();
    return charge!;
  }

  /** Issues (or replaces) the booking's PIN: unique among the site's live PINs, valid to the end. */
  async function issuePin(tx: Tx, b: BookingRow): Promise<BookingRow> {
    // The site cannot be reached: a PIN its controller can check by computation (docs/locker-protocol.md#offline).
    const site = await siteOf(tx, b.siteId);
    if (b.lockerId && site.lastHeartbeatAt && !isOnline(site, clock.now())) {
      const pin = await deps.pins.derivedPin(
        tx,
        { siteId: b.siteId, lockerId: b.lockerId, startsAt: b.startsAt, endsAt: b.endsAt },
        site.lastHeartbeatAt,
      );
      if (pin && pin !== b.pin) {
        const row = await tryPin(tx, b, pin);
        if (row) return row;
      }
    }
    for (let attempt = 0; attempt < 5; attempt++) {
      const live = await tx
        .select({ pin: bookings.pin })
        .from(bookings)
        .where(and(eq(bookings.siteId, b.siteId), isNotNull(bookings.pin)));
      const avoid = new Set(live.map((r) => r.pin!));
      if (b.pin) avoid.add(b.pin);
      const row = await tryPin(tx, b, generatePin(randomInt, avoid));
      if (row) return row;
    }
    throw new Error('could not issue a unique PIN');
  }

  /** Gives the booking this PIN; null when another booking at the site took it a moment ago. */
  async function tryPin(tx: Tx, b: BookingRow, pin: string): Promise<BookingRow | null> {
    try {
      return await tx.transaction((sp) =>
        update(sp, b, { pin, pinIssuedAt: clock.now(), pinExpiresAt: b.endsAt }),
      );
    } catch (err) {
      if (!isPgError(err, UNIQUE_VIOLATION)) throw err;
      return null;
    }
  }

  return {
    siteOf,
    lockBooking,
    emit,
    isOnline,
    allowance,
    update,
    tryUpdate,
    timer,
    chargesOf,
    addCharge,
    issuePin,
    emitRaw,
    deps,
  };
}

export type CoreBase = ReturnType<typeof createCoreBase>;

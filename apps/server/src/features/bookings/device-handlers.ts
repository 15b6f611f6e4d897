import { EVENTS, type EventPayload, pinUsableAt, TOPICS } from '@petti/shared';
import { and, desc, eq, gt, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import { announceSiteChange, type LockerCommandRow, type LockerDevices } from '../lockers/index.ts';
import { usersService } from '../users/index.ts';
import type { BookingCore } from './core.ts';
import { operatorKeypadClosedTexts, operatorSiteOfflineTexts } from './event-texts.ts';
import type { BookingRow } from './schema.ts';
import { bookings, HELD_LOCKER_STATES, isParcelHold, keypadPinUntil, LISTED_PIN_STATES } from './schema.ts';

/**
 * What the locker controllers' reports mean for bookings. Lockers call these through the
 * registration points of `LockerDevices`, so the dependency runs bookings → lockers only
 * (docs/lockers.md, "who depends on whom").
 */
export function registerDeviceHandlers(
  devices: LockerDevices,
  core: BookingCore,
  hooks: { payOverstay: (bookingId: string) => Promise<void> },
): void {
  const { clock } = core.deps;

  /** The booking using a locker now (for attention messages). */
  async function currentBooking(tx: Tx, lockerId: string) {
    const [b] = await tx
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.lockerId, lockerId),
          inArray(bookings.state, ['reserved', 'active', 'expired']),
          lte(bookings.startsAt, clock.now()),
        ),
      )
      .orderBy(desc(bookings.startsAt))
      .limit(1);
    return b;
  }

  /** Every operator's console reads the network again (a silent event on each one's own topic). */
  async function tellOperators(fx: Effects, siteId: string) {
    announceSiteChange(core.deps.outbox, fx, siteId);
    for (const userId of await usersService.operatorUserIds(fx.tx))
      core.deps.outbox.enqueue(fx, TOPICS.userEvents(userId), {
        event: EVENTS.lockerNetworkChanged,
        data: {
          message: 'The locker network changed.',
          code: EVENTS.lockerNetworkChanged,
          msg: 'லாக்கர் வலையமைப்பில் மாற்றம்.',
          siteId,
        },
        SessionID: null,
      } satisfies EventPayload);
  }

  devices.onAttention(async (fx, { siteId, lockerId, reason, detail }) => {
    await tellOperators(fx, siteId);
    const b = await currentBooking(fx.tx, lockerId);
    if (b)
      await core.emit(fx, b, {
        event: 'attentionRequired',
        reason,
        extra: { lockerId, ...(detail ? { fault: detail } : {}) },
      });
  });

  // Back online: waitlists there may get the lockers they could not have while it was offline.
  devices.onSiteOnline(async (fx, siteId) => {
    await tellOperators(fx, siteId);
    const sizes = await fx.tx
      .selectDistinct({ size: bookings.size })
      .from(bookings)
      .where(and(eq(bookings.siteId, siteId), eq(bookings.state, 'waitlisted')));
    for (const { size } of sizes) await core.offerToWaitlist(fx, siteId, size);
  });

  devices.onSiteOffline(async (fx, site) => {
    await tellOperators(fx, site.id);
    const affected = await fx.tx
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.siteId, site.id),
          inArray(bookings.state, ['awaiting_payment', 'scheduled', 'reserved', 'active', 'expired']),
        ),
      );
    // A booking whose PIN the site's keypad holds is told until when it still opens there.
    for (const b of affected) {
      const until = keypadPinUntil(b);
      await core.emit(fx, b, {
        event: 'lockerOffline',
        code: 'lockerOffline',
        reason: 'booking',
        site,
        ...(until ? { text: { until }, extra: { pinWorksUntil: until.toISOString() } } : {}),
      });
    }
    // Shoppers' things may be shut in: every operator hears it (a kept notification, pushed, and
    // texted at any hour to one with no browser taking alerts).
    if (affected.length === 0) return;
    const texts = operatorSiteOfflineTexts(site.name, clock.now(), affected.length);
    for (const userId of await usersService.operatorUserIds(fx.tx))
      await core.deps.notifications.add(fx.tx, {
        userId,
        kind: 'operatorSiteOffline',
        ...texts,
        data: { siteId: site.id, bookings: affected.length },
      });
  });

  // Wrong PINs paused or closed the site's keypad: whoever has a locker there hears that the app
  // still opens it; a closed keypad needs an operator's look (docs/locker-protocol.md#guessing).
  devices.onKeypadPaused(async (fx, { siteId, until, closed }) => {
    await tellOperators(fx, siteId);
    const affected = await fx.tx
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.siteId, siteId),
          inArray(bookings.state, ['scheduled', 'reserved', 'active', 'expired']),
        ),
      );
    for (const b of affected)
      await core.emit(fx, b, {
        event: 'keypadPaused',
        code: 'keypadPaused',
        reason: closed ? 'closed' : 'paused',
        text: { until },
        extra: { until: until.toISOString(), closed },
      });
    if (!closed) return;
    const site = await core.siteOf(fx.tx, siteId);
    const texts = operatorKeypadClosedTexts(site.name, until);
    for (const userId of await usersService.operatorUserIds(fx.tx))
      await core.deps.notifications.add(fx.tx, {
        userId,
        kind: 'operatorKeypadClosed',
        ...texts,
        data: { siteId, until: until.toISOString() },
      });
  });

  devices.onDoorOpened((fx, cmd, how) => opened(core, fx, cmd, how?.offline ?? false));

  // What the site's controller keeps to check PINs by itself while offline: each listed PIN with the
  // times it opens in (LISTED_PIN_STATES), and every locker holding or kept for someone's things,
  // which no derived PIN may open (docs/locker-protocol.md#offline).
  devices.onLivePins(async (tx, siteId) => {
    const rows = await tx
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.siteId, siteId),
          isNotNull(bookings.lockerId),
          inArray(bookings.state, [...HELD_LOCKER_STATES]),
        ),
      );
    const pins = rows
      .filter((b) => b.pin && (LISTED_PIN_STATES as readonly string[]).includes(b.state))
      .map((b) => ({
        pin: b.pin!,
        lockerId: b.lockerId!,
        bookingId: b.id,
        from: b.startsAt,
        until: keypadPinUntil(b)!,
        once: isParcelHold(b),
      }));
    return { pins, held: [...new Set(rows.map((b) => b.lockerId!))] };
  });

  // A PIN the controller accepted offline: its list names the booking; a derived PIN, only the locker.
  devices.onOfflineBooking(async (fx, { siteId, lockerId, bookingId, at }) => {
    const [b] = await fx.tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        bookingId
          ? and(eq(bookings.id, bookingId), eq(bookings.siteId, siteId))
          : and(
              eq(bookings.lockerId, lockerId),
              lte(bookings.startsAt, new Date(at.getTime() + HOUR)),
              gt(bookings.endsAt, new Date(at.getTime() - HOUR)),
              inArray(bookings.state, ['reserved', 'active', 'expired', 'ended', 'timed_out']),
            ),
      )
      .orderBy(desc(bookings.startsAt))
      .limit(1);
    return b?.id ?? null;
  });

  devices.onKeypadPin(async (fx, { siteId, pin }) => {
    const tx = fx.tx;
    const now = clock.now();
    const [peek] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.siteId, siteId), eq(bookings.pin, pin)));
    let b = peek ? await core.lockBooking(tx, peek.id) : null;
    if (!b || b.pin !== pin) return { ok: false, reason: 'unknown_pin' };
    const usable = pinUsableAt(b, now);
    if (usable === 'not_yet') return { ok: false, reason: 'not_yet' };
    if (usable !== 'ok') return { ok: false, reason: 'expired' };
    const overstay = await core.overstayStatus(fx, b, null);
    if (overstay) {
      // The user is told what to pay; a new payment is opened after this commits (a flow).
      const bookingId = b.id;
      if (!overstay.reused) fx.later(() => hooks.payOverstay(bookingId));
      return { ok: false, reason: 'overstay_unpaid' };
    }
    // The PIN was used: a new one at once, so a PIN seen over a shoulder cannot open the door again.
    if (b.state !== 'expired') {
      b = await core.issuePin(tx, b);
      await core.emit(fx, b, { event: 'dynamicPinChanged', reason: 'rotated' });
    }
    return { ok: true, lockerId: b.lockerId!, bookingId: b.id };
  });
}

const HOUR = 3_600_000;

/**
 * The door opened on our command: the booking is in use (first open), its PIN changes, overstay ends.
 * `offline`: the controller opened it by itself while offline and says so now; the times are the real
 * ones (the command's), and the PIN it took is replaced now, as a keypad PIN is when accepted online.
 */
async function opened(core: BookingCore, fx: Effects, cmd: LockerCommandRow, offline = false) {
  const tx = fx.tx;
  const now = offline && cmd.doneAt ? cmd.doneAt : core.deps.clock.now();
  let b = await core.lockBooking(tx, cmd.bookingId!);
  if (!b) return;
  if (offline) return openedOffline(core, fx, b, cmd, now);
  const sessionId = cmd.sessionId;
  await core.emit(fx, b, {
    event: 'unlockStatus',
    reason: 'opened',
    sessionId,
    extra: { ok: true, commandId: cmd.id, via: cmd.reason },
  });
  if (b.state === 'expired') {
    // The last open after overstay: the booking ends and the locker is free once emptied.
    await core.end(fx, b, 'overstay_cleared', sessionId);
    return;
  }
  if (b.state === 'reserved') {
    b = await core.update(tx, b, { state: 'active', openedAt: now, lastOpenedAt: now });
    await core.emit(fx, b, { event: 'bookingStatusChanged', reason: 'opened', sessionId });
  } else if (b.state === 'active') {
    // A parcel hold handed to the buyer (parcels.ts `handOver`) is "not opened yet" again: its first open counts.
    b = await core.update(tx, b, b.openedAt ? { lastOpenedAt: now } : { lastOpenedAt: now, openedAt: now });
  }
  // A keypad PIN was replaced when it was accepted; a remote open replaces it now.
  if (cmd.reason === 'remote' && b.pin && (b.state === 'active' || b.state === 'reserved')) {
    b = await core.issuePin(tx, b);
    await core.emit(fx, b, { event: 'dynamicPinChanged', reason: 'rotated', sessionId });
  }
}

/**
 * An opening replayed from a controller's offline log, at `at`: the first open makes the booking in
 * use from then (the earliest of the openings, whatever order they come in), the last open moves on,
 * and the PIN used is replaced; the shopper hears of it as of an open online. Nothing else: an offline
 * PIN never opens after the booking's end, so an overstay never ends offline.
 */
async function openedOffline(
  core: BookingCore,
  fx: Effects,
  b0: BookingRow,
  cmd: LockerCommandRow,
  at: Date,
) {
  const tx = fx.tx;
  let b = b0;
  await core.emit(fx, b, {
    event: 'unlockStatus',
    reason: 'opened',
    sessionId: null,
    extra: { ok: true, commandId: cmd.id, via: 'keypad', offline: true, at: at.toISOString() },
  });
  const first = !b.openedAt || at < b.openedAt ? at : b.openedAt;
  const last = !b.lastOpenedAt || at > b.lastOpenedAt ? at : b.lastOpenedAt;
  if (b.state === 'reserved') {
    b = await core.update(tx, b, { state: 'active', openedAt: first, lastOpenedAt: last });
    await core.emit(fx, b, { event: 'bookingStatusChanged', reason: 'opened', sessionId: null });
  } else if (b.state === 'active' || b.state === 'expired') {
    b = await core.update(tx, b, { openedAt: first, lastOpenedAt: last });
  } else return;
  if (b.state === 'active' && b.pin && !isParcelHold(b)) {
    b = await core.issuePin(tx, b);
    await core.emit(fx, b, { event: 'dynamicPinChanged', reason: 'rotated' });
  }
}

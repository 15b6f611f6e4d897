import {
  type ControllerCommand,
  type ControllerStateMessage,
  controllerStateMessage,
  isPinFormat,
  type KeypadMessage,
  keypadMessage,
  LOCKER_RULES,
  pinUsableAt,
  TOPICS,
} from '@petti/shared';
import { and, count, desc, eq, gt, gte, inArray, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import { newId } from '../../platform/ids.ts';
import { timers } from '../../platform/jobs/schema.ts';
import { cancelTimerByKey, schedule, type TimerHandler } from '../../platform/jobs/worker.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { BookingCore } from '../bookings/core.ts';
import { lockSiteSize } from '../bookings/repo.ts';
import { bookings } from '../bookings/schema.ts';
import { keypadRequests, lockerCommands, lockerSites, lockers } from './schema.ts';

const MIN = 60_000;
/** Wrong PINs at one site within the window that pause its keypad. */
const KEYPAD_LOCKOUT = { failures: 10, windowMs: 5 * MIN };

export const DEVICE_TIMER = {
  siteOffline: 'locker-site-offline',
  doorAlert: 'locker-door-alert',
  housekeeping: 'locker-housekeeping',
} as const;

type KeypadResult = Extract<ControllerCommand, { type: 'keypadResult' }>;

/**
 * The server side of the controller protocol (docs/locker-protocol.md): heartbeats, door reports,
 * faults and keypad PINs in; open commands and keypad results out (through the outbox, after
 * commit). With an external broker every server process hears every message, so each handler is
 * idempotent: a keypad request id is answered once, a door report that changes nothing does nothing.
 */
export function createLockerDevices(
  core: BookingCore,
  hooks: { payOverstay: (bookingId: string) => Promise<void> },
) {
  const { clock, transactor, log, outbox } = core.deps;
  const offlineMs = () => core.deps.config.LOCKER_OFFLINE_SECONDS * 1000;

  async function send(fx: Effects, siteId: string, command: ControllerCommand) {
    await outbox.enqueue(fx, TOPICS.lockerCommands(siteId), command);
  }

  async function lockerOf(tx: Tx, siteId: string, lockerId: string) {
    const [l] = await tx
      .select()
      .from(lockers)
      .where(and(eq(lockers.id, lockerId), eq(lockers.siteId, siteId)));
    return l;
  }

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

  async function attention(fx: Effects, siteId: string, lockerId: string, reason: string, detail?: string) {
    // Always on the operators' log; the booking's owner is told too.
    log.warn({ siteId, lockerId, reason, detail }, 'locker needs attention');
    const b = await currentBooking(fx.tx, lockerId);
    if (b)
      await core.emit(fx, b, {
        event: 'attentionRequired',
        reason,
        extra: { lockerId, ...(detail ? { fault: detail } : {}) },
      });
  }

  async function heartbeat(siteId: string) {
    await transactor.run(async (tx, fx) => {
      const now = clock.now();
      // Timer row first (lock order): each heartbeat pushes the offline check on.
      await schedule(tx, clock, {
        kind: DEVICE_TIMER.siteOffline,
        key: `site-offline:${siteId}`,
        dueAt: new Date(now.getTime() + offlineMs()),
        siteId,
      });
      const [before] = await tx.select().from(lockerSites).where(eq(lockerSites.id, siteId));
      if (!before) return;
      await tx
        .update(lockerSites)
        .set({ lastHeartbeatAt: now, offlineSince: null })
        .where(eq(lockerSites.id, siteId));
      const wasOffline =
        before.offlineSince !== null ||
        !before.lastHeartbeatAt ||
        now.getTime() - before.lastHeartbeatAt.getTime() >= offlineMs();
      if (!wasOffline) return;
      // Back online: waitlists there may get the lockers they could not have while it was offline.
      const sizes = await tx
        .selectDistinct({ size: bookings.size })
        .from(bookings)
        .where(and(eq(bookings.siteId, siteId), eq(bookings.state, 'waitlisted')));
      for (const { size } of sizes) await core.offerToWaitlist(fx, siteId, size);
    });
  }

  async function door(siteId: string, msg: Extract<ControllerStateMessage, { type: 'door' }>) {
    await transactor.run(async (tx, fx) => {
      const now = clock.now();
      const locker = await lockerOf(tx, siteId, msg.lockerId);
      if (!locker)
        return void log.warn({ siteId, lockerId: msg.lockerId }, 'door report for an unknown locker');
      if (msg.state === 'closed') {
        await cancelTimerByKey(tx, `door-open:${locker.id}`);
        await tx
          .update(lockers)
          .set({ doorState: 'closed', doorChangedAt: now, fault: null })
          .where(and(eq(lockers.id, locker.id), ne(lockers.doorState, 'closed')));
        return;
      }
      const [changed] = await tx
        .update(lockers)
        .set({ doorState: msg.state, doorChangedAt: now })
        .where(and(eq(lockers.id, locker.id), ne(lockers.doorState, msg.state)))
        .returning();
      if (!changed) return; // the same report again (another process, a retry): already handled
      if (msg.state === 'forced') return attention(fx, siteId, locker.id, 'forced');
      await schedule(tx, clock, {
        kind: DEVICE_TIMER.doorAlert,
        key: `door-open:${locker.id}`,
        dueAt: new Date(now.getTime() + LOCKER_RULES.doorOpenAlertSeconds * 1000),
        siteId,
        lockerId: locker.id,
      });
      await lockSiteSize(tx, siteId, locker.size);
      const [cmd] = await tx
        .update(lockerCommands)
        .set({ state: 'opened', doneAt: now })
        .where(
          inArray(
            lockerCommands.id,
            tx
              .select({ id: lockerCommands.id })
              .from(lockerCommands)
              .where(
                and(
                  eq(lockerCommands.lockerId, locker.id),
                  eq(lockerCommands.state, 'sent'),
                  gte(lockerCommands.createdAt, new Date(now.getTime() - 2 * MIN)),
                ),
              )
              .orderBy(desc(lockerCommands.createdAt))
              .limit(1),
          ),
        )
        .returning();
      if (!cmd) return attention(fx, siteId, locker.id, 'unexpected_open');
      if (cmd.bookingId) await opened(fx, cmd);
    });
  }

  /** The door opened on our command: the booking is in use (first open), its PIN changes, overstay ends. */
  async function opened(fx: Effects, cmd: typeof lockerCommands.$inferSelect) {
    const tx = fx.tx;
    const now = clock.now();
    let b = await core.lockBooking(tx, cmd.bookingId!);
    if (!b) return;
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
      b = await core.update(tx, b, { lastOpenedAt: now });
    }
    // A keypad PIN was replaced when it was accepted; a remote open replaces it now.
    if (cmd.reason === 'remote' && b.pin && (b.state === 'active' || b.state === 'reserved')) {
      b = await core.issuePin(tx, b);
      await core.emit(fx, b, { event: 'dynamicPinChanged', reason: 'rotated', sessionId });
    }
  }

  async function fault(siteId: string, msg: Extract<ControllerStateMessage, { type: 'fault' }>) {
    await transactor.run(async (tx, fx) => {
      if (!msg.lockerId) return void log.warn({ siteId, fault: msg.fault }, 'site controller fault');
      const locker = await lockerOf(tx, siteId, msg.lockerId);
      if (!locker) return void log.warn({ siteId, lockerId: msg.lockerId }, 'fault for an unknown locker');
      const [changed] = await tx
        .update(lockers)
        .set({ fault: msg.fault })
        .where(and(eq(lockers.id, locker.id), sql`${lockers.fault} is distinct from ${msg.fault}`))
        .returning();
      if (changed) await attention(fx, siteId, locker.id, 'fault', msg.fault);
    });
  }

  async function keypad(siteId: string, msg: KeypadMessage): Promise<KeypadResult | null> {
    return transactor.run(async (tx, fx) => {
      const now = clock.now();
      const [fresh] = await tx
        .insert(keypadRequests)
        .values({ siteId, requestId: msg.requestId, receivedAt: now })
        .onConflictDoNothing()
        .returning();
      if (!fresh) return null; // answered already (by this or another process)
      const answer = async (result: Omit<KeypadResult, 'type' | 'requestId'>) => {
        await tx
          .update(keypadRequests)
          .set({ ok: result.ok })
          .where(and(eq(keypadRequests.siteId, siteId), eq(keypadRequests.requestId, msg.requestId)));
        const full: KeypadResult = { type: 'keypadResult', requestId: msg.requestId, ...result };
        await send(fx, siteId, full);
        return full;
      };
      const [fails] = await tx
        .select({ n: count() })
        .from(keypadRequests)
        .where(
          and(
            eq(keypadRequests.siteId, siteId),
            eq(keypadRequests.ok, false),
            gt(keypadRequests.receivedAt, new Date(now.getTime() - KEYPAD_LOCKOUT.windowMs)),
          ),
        );
      if (Number(fails?.n ?? 0) >= KEYPAD_LOCKOUT.failures)
        return answer({ ok: false, reason: 'locked_out' });
      if (!isPinFormat(msg.pin)) return answer({ ok: false, reason: 'bad_format' });
      const [peek] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.siteId, siteId), eq(bookings.pin, msg.pin)));
      let b = peek ? await core.lockBooking(tx, peek.id) : null;
      if (!b || b.pin !== msg.pin) return answer({ ok: false, reason: 'unknown_pin' });
      const usable = pinUsableAt(b, now);
      if (usable === 'not_yet') return answer({ ok: false, reason: 'not_yet' });
      if (usable !== 'ok') return answer({ ok: false, reason: 'expired' });
      const overstay = await core.overstayStatus(fx, b, null);
      if (overstay) {
        // The user is told what to pay; a new payment is opened after this commits (a flow).
        const bookingId = b.id;
        if (!overstay.reused) fx.later(() => hooks.payOverstay(bookingId));
        return answer({ ok: false, reason: 'overstay_unpaid' });
      }
      // The PIN was used: a new one at once, so a PIN seen over a shoulder cannot open the door again.
      if (b.state !== 'expired') {
        b = await core.issuePin(tx, b);
        await core.emit(fx, b, { event: 'dynamicPinChanged', reason: 'rotated' });
      }
      const result = await answer({ ok: true, lockerId: b.lockerId! });
      await core.deps.doors.openDoor(fx, {
        siteId,
        lockerId: b.lockerId!,
        bookingId: b.id,
        reason: 'keypad',
      });
      return result;
    });
  }

  /** Routes one controller message; malformed ones are logged (never with their payload: it may hold a PIN). */
  async function handleMessage(topic: string, payload: Buffer): Promise<void> {
    const m = /^lockers\/([a-z0-9-]{1,64})\/(state|keypad)$/.exec(topic);
    if (!m) return;
    const [, siteId, kind] = m as unknown as [string, string, 'state' | 'keypad'];
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return void log.warn({ topic }, 'controller message is not JSON');
    }
    if (kind === 'keypad') {
      const parsed = keypadMessage.safeParse(json);
      if (!parsed.success) return void log.warn({ topic }, 'malformed keypad message');
      await keypad(siteId, parsed.data);
      return;
    }
    const parsed = controllerStateMessage.safeParse(json);
    if (!parsed.success) return void log.warn({ topic }, 'malformed controller state message');
    const msg = parsed.data;
    if (msg.type === 'heartbeat') await heartbeat(siteId);
    else if (msg.type === 'door') await door(siteId, msg);
    else await fault(siteId, msg);
  }

  const timerHandlers: Record<string, TimerHandler> = {
    [DEVICE_TIMER.siteOffline]: async (tx, t, fx) => {
      const [site] = await tx.select().from(lockerSites).where(eq(lockerSites.id, t.siteId!)).for('update');
      const now = clock.now();
      if (!site || site.offlineSince) return;
      if (site.lastHeartbeatAt && now.getTime() - site.lastHeartbeatAt.getTime() < offlineMs()) return;
      await tx.update(lockerSites).set({ offlineSince: now }).where(eq(lockerSites.id, site.id));
      log.warn({ siteId: site.id }, 'locker site offline: no heartbeat');
      const affected = await tx
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.siteId, site.id),
            inArray(bookings.state, ['awaiting_payment', 'scheduled', 'reserved', 'active', 'expired']),
          ),
        );
      for (const b of affected)
        await core.emit(fx, b, { event: 'lockerOffline', code: 'lockerOffline', reason: 'booking', site });
    },

    [DEVICE_TIMER.doorAlert]: async (tx, t, fx) => {
      const [l] = await tx.select().from(lockers).where(eq(lockers.id, t.lockerId!));
      const now = clock.now();
      if (
        l?.doorState === 'open' &&
        l.doorChangedAt &&
        now.getTime() - l.doorChangedAt.getTime() >= LOCKER_RULES.doorOpenAlertSeconds * 1000
      )
        await attention(fx, l.siteId, l.id, 'door_left_open');
    },

    [DEVICE_TIMER.housekeeping]: async (tx) => {
      const now = clock.now();
      await tx
        .delete(keypadRequests)
        .where(lt(keypadRequests.receivedAt, new Date(now.getTime() - 24 * 60 * MIN)));
      await tx
        .delete(lockerCommands)
        .where(
          and(
            isNotNull(lockerCommands.doneAt),
            lt(lockerCommands.doneAt, new Date(now.getTime() - 30 * 24 * 60 * MIN)),
          ),
        );
      await schedule(tx, clock, {
        kind: DEVICE_TIMER.housekeeping,
        key: 'locker-housekeeping',
        dueAt: new Date(now.getTime() + 60 * MIN),
      });
    },
  };

  return {
    handleMessage,
    heartbeat,
    keypad,
    timerHandlers,
    /** Subscribes to every site's controller topics. Returns a function that unsubscribes. */
    async listen(realtime: Realtime): Promise<() => Promise<void>> {
      const handler = (topic: string, payload: Buffer) => handleMessage(topic, payload);
      const offs = [
        await realtime.subscribe('lockers/+/state', handler),
        await realtime.subscribe('lockers/+/keypad', handler),
      ];
      return async () => {
        for (const off of offs) await off();
      };
    },
    /** Makes sure the hourly housekeeping timer exists (idempotent across processes). */
    async ensureHousekeeping(): Promise<void> {
      await core.deps.db
        .insert(timers)
        .values({
          id: newId(),
          kind: DEVICE_TIMER.housekeeping,
          key: 'locker-housekeeping',
          dueAt: new Date(clock.now().getTime() + 60 * MIN),
          data: {},
          createdAt: clock.now(),
        })
        .onConflictDoNothing();
    },
  };
}

export type LockerDevices = ReturnType<typeof createLockerDevices>;

import {
  type ControllerCommand,
  type ControllerStateMessage,
  controllerStateMessage,
  KEYPAD_CODE_PATTERN,
  type KeypadMessage,
  keypadMessage,
  LOCKER_RULES,
  TOPICS,
} from '@petti/shared';
import { and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EventOutbox } from '../../platform/events/outbox.ts';
import type { Effects, Transactor } from '../../platform/events/transactor.ts';
import { cancelTimerByKey, schedule } from '../../platform/jobs/worker.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { DoorCommands } from './commands.ts';
import { createDeviceHandlers } from './device-ports.ts';
import {
  DEVICE_TIMER,
  deviceTimerHandlers,
  ensureHousekeeping,
  attention as raiseAttention,
} from './device-timers.ts';
import { lockSiteSize } from './inventory.ts';
import { lockedKeypadGate } from './keypad-guard.ts';
import { createOfflineLog } from './offline-log.ts';
import { PIN_LIST_TIMER, type PinBoard } from './pin-board.ts';
import { keypadRequests, lockerCommands, lockerSites, lockers } from './schema.ts';

export { DEVICE_TIMER };

const MIN = 60_000;

type KeypadResult = Extract<ControllerCommand, { type: 'keypadResult' }>;

/**
 * The server side of the controller protocol (docs/locker-protocol.md): heartbeats, door reports,
 * faults and keypad PINs in; open commands and keypad results out (through the outbox, after
 * commit). With an external broker every server process hears every message, so each handler is
 * idempotent: a keypad request id is answered once, a door report that changes nothing does nothing.
 */
export function createLockerDevices(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  config: Pick<Config, 'LOCKER_OFFLINE_SECONDS'>;
  transactor: Transactor;
  outbox: EventOutbox;
  doors: DoorCommands;
  pins: PinBoard;
}) {
  const { clock, transactor, log, outbox, pins } = deps;
  const offlineMs = () => deps.config.LOCKER_OFFLINE_SECONDS * 1000;
  const registry = createDeviceHandlers();
  const { handlers } = registry;
  const offlineLog = createOfflineLog({ clock, log, transactor, outbox, handlers });

  async function send(fx: Effects, siteId: string, command: ControllerCommand) {
    outbox.enqueue(fx, TOPICS.lockerCommands(siteId), command);
  }

  async function lockerOf(tx: Tx, siteId: string, lockerId: string) {
    const [l] = await tx
      .select()
      .from(lockers)
      .where(and(eq(lockers.id, lockerId), eq(lockers.siteId, siteId)));
    return l;
  }

  const attention = (fx: Effects, siteId: string, lockerId: string, reason: string, detail?: string) =>
    raiseAttention(log, handlers, fx, { siteId, lockerId, reason, ...(detail ? { detail } : {}) });

  async function heartbeat(siteId: string, pinsAt?: string) {
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
      // A controller holding no list, or one older than the last sent (lost on the way), gets it again.
      const sent = await pins.lastSent(tx, siteId);
      if (!pinsAt || !sent || new Date(pinsAt) < sent) await pins.changed(tx, siteId);
      const wasOffline =
        before.offlineSince !== null ||
        !before.lastHeartbeatAt ||
        now.getTime() - before.lastHeartbeatAt.getTime() >= offlineMs();
      if (!wasOffline) return;
      await handlers.siteOnline(fx, siteId);
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
      if (cmd.bookingId) await handlers.doorOpened(fx, cmd);
    });
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
        // A PIN the keypad did not check (paused or closed) is neither right nor wrong.
        await tx
          .update(keypadRequests)
          .set({ ok: result.reason === 'locked_out' ? null : result.ok })
          .where(and(eq(keypadRequests.siteId, siteId), eq(keypadRequests.requestId, msg.requestId)));
        const full: KeypadResult = { type: 'keypadResult', requestId: msg.requestId, ...result };
        await send(fx, siteId, full);
        return full;
      };
      // The site's wrong PINs of the last day decide whether this one is checked at all
      // (docs/locker-protocol.md#guessing); the site row's lock puts a site's entries in a row.
      const gate = async () => (await lockedKeypadGate(tx, siteId, now)) ?? { open: true as const };
      const before = await gate();
      if (!before.open) {
        const until = before.until ?? now;
        const retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
        return answer({
          ok: false,
          reason: 'locked_out',
          retryAfterSeconds,
          message: before.closed
            ? `Keypad closed after too many wrong PINs. Open your locker from the Petti app; Petti's operators have been told.`
            : `Keypad paused after wrong PINs. Try again in ${Math.ceil(retryAfterSeconds / 60)} min, or open your locker from the Petti app.`,
        });
      }
      // A wrong PIN that pauses or closes the keypad: whoever has a locker here is told, and a
      // closing also alerts the operators.
      const refuse = async (result: Omit<KeypadResult, 'type' | 'requestId'>) => {
        const full = await answer(result);
        const after = await gate();
        if (!after.open) {
          await handlers.keypadPaused(fx, { siteId, until: after.until ?? now, closed: after.closed });
          if (after.closed) log.warn({ siteId }, 'locker keypad closed after wrong PINs');
        }
        return full;
      };
      if (!KEYPAD_CODE_PATTERN.test(msg.pin)) return refuse({ ok: false, reason: 'bad_format' });
      const verdict = await handlers.keypadPin(fx, { siteId, pin: msg.pin });
      if (!verdict.ok) return refuse(verdict);
      const result = await answer({ ok: true, lockerId: verdict.lockerId });
      await deps.doors.openDoor(fx, {
        siteId,
        lockerId: verdict.lockerId,
        bookingId: verdict.bookingId,
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
    if (msg.type === 'heartbeat') await heartbeat(siteId, msg.pinsAt);
    else if (msg.type === 'door') await door(siteId, msg);
    else if (msg.type === 'offline') await offlineLog.replay(siteId, msg);
    else await fault(siteId, msg);
  }

  return {
    handleMessage,
    heartbeat,
    keypad,
    replay: offlineLog.replay,
    timerHandlers: {
      ...deviceTimerHandlers({ clock, log, offlineMs, handlers }),
      [PIN_LIST_TIMER]: async (tx: Tx, t: { id: string; siteId: string | null }, fx: Effects) => {
        if (!t.siteId) return;
        // One list says it all: the site's other pending list timers due by now go with this one.
        await pins.absorbDue(tx, t.siteId, t.id);
        const { pins: live, held } = await handlers.livePins(tx, t.siteId);
        await pins.publish(fx, t.siteId, live, held);
      },
    },
    pins,
    onKeypadPin: registry.onKeypadPin,
    onDoorOpened: registry.onDoorOpened,
    onLivePins: registry.onLivePins,
    onOfflineBooking: registry.onOfflineBooking,
    onAttention: registry.onAttention,
    onSiteOnline: registry.onSiteOnline,
    onSiteOffline: registry.onSiteOffline,
    onKeypadPaused: registry.onKeypadPaused,
    /** Subscribes to every site's controller topics. Returns a function that unsubscribes. */
    async listen(realtime: Realtime): Promise<() => Promise<void>> {
      const handler = (topic: string, payload: Buffer) => handleMessage(topic, payload);
      const offs = [
        // Each report is handled once: by the process its controller is connected to, or by the one
        // process of the deployment an external broker hands it to.
        await realtime.subscribe('lockers/+/state', handler, { local: true }),
        await realtime.subscribe('lockers/+/keypad', handler, { local: true }),
      ];
      return async () => {
        for (const off of offs) await off();
      };
    },
    /**
     * An operator reopens a site's keypad that wrong PINs paused or closed: those stop counting, here
     * and at the controller (docs/locker-protocol.md#guessing). Null for an unknown site.
     */
    async reopenKeypad(siteId: string) {
      return transactor.run(async (tx, fx) => {
        const now = clock.now();
        const [site] = await tx
          .update(lockerSites)
          .set({ keypadReopenedAt: now })
          .where(eq(lockerSites.id, siteId))
          .returning({ id: lockerSites.id });
        if (!site) return null;
        await send(fx, siteId, { type: 'keypadReopened', at: now.toISOString() });
        return lockedKeypadGate(tx, siteId, now);
      });
    },
    /** Makes sure the hourly housekeeping timer exists (idempotent across processes). */
    ensureHousekeeping: () => ensureHousekeeping(deps.db, clock),
  };
}

export type LockerDevices = ReturnType<typeof createLockerDevices>;

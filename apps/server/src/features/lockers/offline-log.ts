import type { ControllerStateMessage } from '@petti/shared';
import { TOPICS } from '@petti/shared';
import { townDateTime } from '@petti/shared/rules/town-time';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { EventOutbox } from '../../platform/events/outbox.ts';
import type { Effects, Transactor } from '../../platform/events/transactor.ts';
import { newId } from '../../platform/ids.ts';
import type { DeviceHandlers } from './device-ports.ts';
import { attention } from './device-timers.ts';
import { keypadRequests, lockerCommands, lockerOfflineEntries, lockers } from './schema.ts';

type OfflineMessage = Extract<ControllerStateMessage, { type: 'offline' }>;

const DAY = 24 * 3_600_000;
/** How far back a controller's clock is believed: its log outlives no longer an outage than this. */
const OLDEST_BELIEVED_MS = 30 * DAY;

/** When an offline entry happened, as the town reads it (its log may be days old). */
const when = (at: Date) => townDateTime(at, 'en');

/**
 * Applies what a controller did while offline (docs/locker-protocol.md#offline). Each entry once, by
 * its id (a primary key), in whatever order and however often it comes; each is acknowledged, applied
 * now or before, so the controller may forget it. Times are the controller's, kept within the last 30
 * days and never later than now.
 */
export function createOfflineLog(deps: {
  clock: Clock;
  log: Logger;
  transactor: Transactor;
  outbox: EventOutbox;
  handlers: DeviceHandlers;
}) {
  const { clock, log, handlers } = deps;

  async function apply(fx: Effects, siteId: string, msg: OfflineMessage, at: Date) {
    const tx = fx.tx;
    const e = msg.event;
    const [locker] =
      'lockerId' in e && e.lockerId
        ? await tx
            .select()
            .from(lockers)
            .where(and(eq(lockers.id, e.lockerId), eq(lockers.siteId, siteId)))
        : [];
    if ('lockerId' in e && e.lockerId && !locker)
      return void log.warn({ siteId, lockerId: e.lockerId }, 'offline entry for an unknown locker');
    if (e.kind === 'pin' && !e.ok) {
      // A wrong PIN tried offline counts towards the keypad's guard as if typed online then; one the
      // keypad did not check (it was paused or closed) counts for nothing, as online.
      await tx
        .insert(keypadRequests)
        .values({
          siteId,
          requestId: `offline:${msg.entryId}`,
          receivedAt: at,
          ok: e.reason === 'locked_out' ? null : false,
        })
        .onConflictDoNothing();
      return;
    }
    if (e.kind === 'pin' && locker) {
      const bookingId = await handlers.offlineBooking(fx, {
        siteId,
        lockerId: locker.id,
        bookingId: e.bookingId ?? null,
        at,
      });
      // The opening goes on the locker's log at its real time, as a keypad open the controller made.
      const [cmd] = await tx
        .insert(lockerCommands)
        .values({
          id: newId(),
          siteId,
          lockerId: locker.id,
          bookingId,
          reason: 'keypad',
          state: 'opened',
          note: 'offline',
          createdAt: at,
          doneAt: at,
        })
        .returning();
      if (bookingId) await handlers.doorOpened(fx, cmd!, { offline: true });
      else
        await attention(log, handlers, fx, {
          siteId,
          lockerId: locker.id,
          reason: 'unexpected_open',
          detail: `offline ${when(at)}`,
        });
      return;
    }
    if (e.kind === 'door' && locker) {
      // Only a report newer than what the locker last said moves its door: entries may come out of order.
      const [changed] = await tx
        .update(lockers)
        .set({ doorState: e.state, doorChangedAt: at, ...(e.state === 'closed' ? { fault: null } : {}) })
        .where(
          and(eq(lockers.id, locker.id), or(isNull(lockers.doorChangedAt), lt(lockers.doorChangedAt, at))),
        )
        .returning();
      if (e.state === 'forced')
        await attention(log, handlers, fx, {
          siteId,
          lockerId: locker.id,
          reason: 'forced',
          detail: `offline ${when(at)}`,
        });
      if (!changed) log.info({ siteId, lockerId: locker.id }, 'offline door report older than the last one');
      return;
    }
    if (e.kind === 'fault') {
      if (!locker) return void log.warn({ siteId, fault: e.fault }, 'site controller fault while offline');
      await tx
        .update(lockers)
        .set({ fault: e.fault })
        .where(and(eq(lockers.id, locker.id), sql`${lockers.fault} is distinct from ${e.fault}`));
      await attention(log, handlers, fx, {
        siteId,
        lockerId: locker.id,
        reason: 'fault',
        detail: `${e.fault} (offline ${when(at)})`,
      });
    }
  }

  return {
    async replay(siteId: string, msg: OfflineMessage): Promise<'applied' | 'seen'> {
      return deps.transactor.run(async (tx, fx) => {
        const now = clock.now();
        const told = new Date(msg.at);
        const at = new Date(
          Math.min(now.getTime(), Math.max(told.getTime(), now.getTime() - OLDEST_BELIEVED_MS)),
        );
        const [fresh] = await tx
          .insert(lockerOfflineEntries)
          .values({ siteId, entryId: msg.entryId, seq: msg.seq, at, kind: msg.event.kind, receivedAt: now })
          .onConflictDoNothing()
          .returning();
        if (fresh) await apply(fx, siteId, msg, at);
        deps.outbox.enqueue(fx, TOPICS.lockerCommands(siteId), {
          type: 'offlineAck',
          entryIds: [msg.entryId],
        });
        return fresh ? 'applied' : 'seen';
      });
    },
  };
}

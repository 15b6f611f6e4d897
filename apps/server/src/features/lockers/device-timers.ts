import { LOCKER_RULES } from '@petti/shared';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import { timers } from '../../platform/jobs/schema.ts';
import { schedule, type TimerHandler } from '../../platform/jobs/worker.ts';
import type { DeviceHandlers } from './device-ports.ts';
import { keypadRequests, lockerCommands, lockerOfflineEntries, lockerSites, lockers } from './schema.ts';

const MIN = 60_000;

export const DEVICE_TIMER = {
  siteOffline: 'locker-site-offline',
  doorAlert: 'locker-door-alert',
  housekeeping: 'locker-housekeeping',
} as const;

/** A site gone quiet, a door left open, and the hourly clean-up of old keypad requests and commands. */
export function deviceTimerHandlers(deps: {
  clock: Clock;
  log: { warn: (obj: object, msg: string) => void };
  offlineMs: () => number;
  handlers: DeviceHandlers;
}): Record<string, TimerHandler> {
  const { clock, log, offlineMs, handlers } = deps;
  return {
    [DEVICE_TIMER.siteOffline]: async (tx, t, fx) => {
      const [site] = await tx.select().from(lockerSites).where(eq(lockerSites.id, t.siteId!)).for('update');
      const now = clock.now();
      if (!site || site.offlineSince) return;
      if (site.lastHeartbeatAt && now.getTime() - site.lastHeartbeatAt.getTime() < offlineMs()) return;
      await tx.update(lockerSites).set({ offlineSince: now }).where(eq(lockerSites.id, site.id));
      log.warn({ siteId: site.id }, 'locker site offline: no heartbeat');
      await handlers.siteOffline(fx, site);
    },

    [DEVICE_TIMER.doorAlert]: async (tx, t, fx) => {
      const [l] = await tx.select().from(lockers).where(eq(lockers.id, t.lockerId!));
      const now = clock.now();
      if (
        l?.doorState === 'open' &&
        l.doorChangedAt &&
        now.getTime() - l.doorChangedAt.getTime() >= LOCKER_RULES.doorOpenAlertSeconds * 1000
      )
        await attention(log, handlers, fx, { siteId: l.siteId, lockerId: l.id, reason: 'door_left_open' });
    },

    [DEVICE_TIMER.housekeeping]: async (tx) => {
      const now = clock.now();
      await tx
        .delete(keypadRequests)
        .where(lt(keypadRequests.receivedAt, new Date(now.getTime() - 24 * 60 * MIN)));
      // A controller replays its offline log within minutes of coming back; a month covers any repeat.
      await tx
        .delete(lockerOfflineEntries)
        .where(lt(lockerOfflineEntries.receivedAt, new Date(now.getTime() - 30 * 24 * 60 * MIN)));
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
}

/** Always on the operators' log; whoever holds the locker is told too (their handler). */
export async function attention(
  log: { warn: (obj: object, msg: string) => void },
  handlers: DeviceHandlers,
  ...[fx, a]: Parameters<DeviceHandlers['attention']>
): Promise<void> {
  log.warn(
    { siteId: a.siteId, lockerId: a.lockerId, reason: a.reason, detail: a.detail },
    'locker needs attention',
  );
  await handlers.attention(fx, a);
}

/** Makes sure the hourly housekeeping timer exists (idempotent across processes). */
export async function ensureHousekeeping(db: Db, clock: Clock): Promise<void> {
  await db
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
}

import { LOCKER_RULES, TOPICS } from '@petti/shared';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EventOutbox } from '../../platform/events/outbox.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import { newId } from '../../platform/ids.ts';
import { schedule } from '../../platform/jobs/worker.ts';
import { lockerCommands } from './schema.ts';

/** Fires when an open command got no door report in time (handled by bookings: docs/lockers.md). */
export const UNLOCK_TIMEOUT_TIMER = 'locker-unlock-timeout';

export type LockerCommandRow = typeof lockerCommands.$inferSelect;

/**
 * The one way a door is opened (docs/locker-protocol.md): the command is recorded, sent to the
 * site's controller through the outbox (so only after commit), and a timer reports it failed if the
 * door does not open in time.
 */
export function createDoorCommands(deps: { clock: Clock; outbox: EventOutbox }) {
  const { clock, outbox } = deps;
  return {
    async openDoor(
      fx: Effects,
      input: {
        siteId: string;
        lockerId: string;
        bookingId?: string | null;
        reason: 'remote' | 'keypad' | 'ops';
        sessionId?: string | null;
        /** An operator's open: who asked, and why in their words (kept in the openings log). */
        openedBy?: string | null;
        note?: string | null;
      },
    ): Promise<string> {
      const now = clock.now();
      const commandId = newId();
      await fx.tx.insert(lockerCommands).values({
        id: commandId,
        siteId: input.siteId,
        lockerId: input.lockerId,
        bookingId: input.bookingId ?? null,
        reason: input.reason,
        sessionId: input.sessionId ?? null,
        openedBy: input.openedBy ?? null,
        note: input.note ?? null,
        createdAt: now,
      });
      await schedule(fx.tx, clock, {
        kind: UNLOCK_TIMEOUT_TIMER,
        dueAt: new Date(now.getTime() + LOCKER_RULES.unlockTimeoutSeconds * 1000),
        bookingId: input.bookingId ?? undefined,
        siteId: input.siteId,
        lockerId: input.lockerId,
        data: { commandId },
      });
      outbox.enqueue(fx, TOPICS.lockerCommands(input.siteId), {
        type: 'open',
        lockerId: input.lockerId,
        commandId,
        reason: input.reason,
      });
      return commandId;
    },

    /** The door did not open in time: the command failed (null when it was answered meanwhile). */
    async failUnanswered(q: DbOrTx, commandId: string): Promise<LockerCommandRow | null> {
      const [cmd] = await q
        .update(lockerCommands)
        .set({ state: 'failed', doneAt: clock.now() })
        .where(and(eq(lockerCommands.id, commandId), eq(lockerCommands.state, 'sent')))
        .returning();
      return cmd ?? null;
    },
  };
}

export type DoorCommands = ReturnType<typeof createDoorCommands>;

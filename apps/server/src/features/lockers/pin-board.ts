import { type ControllerPin, TOPICS } from '@petti/shared';
import {
  derivableWindow,
  derivedPin,
  derivedWindow,
  pinHash,
  sitePinKey,
} from '@petti/shared/node/offline-pins';
import { and, asc, eq, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EventOutbox } from '../../platform/events/outbox.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import { timers } from '../../platform/jobs/schema.ts';
import { schedule } from '../../platform/jobs/worker.ts';
import { lockerPinLists, lockers } from './schema.ts';

/** Sends a site's controller its live PINs again (unkeyed: a request never waits on a timer row). */
export const PIN_LIST_TIMER = 'locker-site-pins';

/** A live PIN as its holder knows it, before it is hashed for the controller. */
export interface LivePin {
  pin: string;
  lockerId: string;
  bookingId: string;
  from: Date;
  until: Date;
  once: boolean;
}

/**
 * What a site's controller knows of PINs (docs/locker-protocol.md#offline): the list of its live
 * PINs, hashed with the site's key and sent whole whenever one changes, and the derived PINs the
 * server issues for bookings made while the site cannot be reached.
 */
export function createPinBoard(deps: { clock: Clock; outbox: EventOutbox; deviceKey: string }) {
  const { clock, outbox } = deps;
  const keys = new Map<string, Buffer>();
  const keyOf = (siteId: string) => {
    const known = keys.get(siteId);
    if (known) return known;
    const k = sitePinKey(deps.deviceKey, siteId);
    keys.set(siteId, k);
    return k;
  };

  /** The site's lockers in the order derived PINs number them: by id. */
  async function lockerOrder(q: DbOrTx, siteId: string): Promise<string[]> {
    const rows = await q
      .select({ id: lockers.id })
      .from(lockers)
      .where(eq(lockers.siteId, siteId))
      .orderBy(asc(lockers.id));
    return rows.map((r) => r.id);
  }

  return {
    /** One of the site's PINs changed: its controller gets the list again once this commits. */
    async changed(tx: DbOrTx, siteId: string): Promise<void> {
      await schedule(tx, clock, { kind: PIN_LIST_TIMER, dueAt: clock.now(), siteId });
    },

    /**
     * The derived PIN for a booking at a site last heard at `heardAt`, or null when its window cannot
     * be given one (too long, too far from the last contact, or a locker past the numbered ones).
     */
    async derivedPin(
      q: DbOrTx,
      b: { siteId: string; lockerId: string; startsAt: Date; endsAt: Date },
      heardAt: Date,
    ): Promise<string | null> {
      const index = (await lockerOrder(q, b.siteId)).indexOf(b.lockerId);
      const w = derivedWindow(b.startsAt, b.endsAt);
      if (!derivableWindow(w, heardAt, index)) return null;
      return derivedPin(keyOf(b.siteId), index, w);
    },

    /**
     * Of these lockers of a site, those a booking for [startsAt, endsAt) could be given a derived PIN
     * on (as `derivedPin` decides, without making the PINs): the site's locker order read once.
     */
    async derivable(
      q: DbOrTx,
      siteId: string,
      lockerIds: string[],
      w: { startsAt: Date; endsAt: Date },
      heardAt: Date,
    ): Promise<Set<string>> {
      const order = await lockerOrder(q, siteId);
      const window = derivedWindow(w.startsAt, w.endsAt);
      return new Set(lockerIds.filter((id) => derivableWindow(window, heardAt, order.indexOf(id))));
    },

    /** Sends the site's whole list (the newest `at` wins at the controller) and records when. */
    async publish(fx: Effects, siteId: string, live: LivePin[], held: string[] = []): Promise<void> {
      const tx: Tx = fx.tx;
      const key = keyOf(siteId);
      const at = clock.now();
      const pins: ControllerPin[] = live.map((p) => ({
        hash: pinHash(key, p.pin),
        lockerId: p.lockerId,
        bookingId: p.bookingId,
        from: p.from.toISOString(),
        until: p.until.toISOString(),
        once: p.once,
      }));
      await tx
        .insert(lockerPinLists)
        .values({ siteId, sentAt: at })
        .onConflictDoUpdate({ target: lockerPinLists.siteId, set: { sentAt: at } });
      outbox.enqueue(fx, TOPICS.lockerCommands(siteId), {
        type: 'pins',
        at: at.toISOString(),
        lockers: await lockerOrder(tx, siteId),
        pins,
        held: [...new Set([...held, ...live.map((p) => p.lockerId)])].sort(),
      });
    },

    /**
     * Drops the site's other list timers due by now that no worker holds (a burst of changes leaves
     * one per change): the list about to be read covers them. Held ones are skipped, never waited on.
     */
    async absorbDue(tx: Tx, siteId: string, except: string): Promise<void> {
      await tx.delete(timers).where(
        inArray(
          timers.id,
          tx
            .select({ id: timers.id })
            .from(timers)
            .where(
              and(
                eq(timers.kind, PIN_LIST_TIMER),
                eq(timers.siteId, siteId),
                ne(timers.id, except),
                lte(timers.dueAt, clock.now()),
                isNull(timers.deadAt),
              ),
            )
            .for('update', { skipLocked: true }),
        ),
      );
    },

    /** When the site's list was last sent (null: never). */
    async lastSent(q: DbOrTx, siteId: string): Promise<Date | null> {
      const [row] = await q.select().from(lockerPinLists).where(eq(lockerPinLists.siteId, siteId));
      return row?.sentAt ?? null;
    },
  };
}

export type PinBoard = ReturnType<typeof createPinBoard>;

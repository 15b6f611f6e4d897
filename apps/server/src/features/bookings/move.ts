import { LOCKER_RULES } from '@petti/shared';
import { AppError } from '../../http/app-error.ts';
import type { Effects } from '../../platform/events/transactor.ts';
import { type Caller, invalid, lockOwn, type Outcome, resolveStart } from './checks.ts';
import { type BookingCore, TIMER } from './core.ts';
import { freeLockers } from './repo.ts';
import type { BookingRow } from './schema.ts';

const MIN = 60_000;
const HOUR = 3_600_000;

/**
 * Moves a scheduled booking's start while nothing is in the way: the same locker if it is free for
 * the new times, else another of the size. Its PIN and timers follow; the old times go to the waitlist.
 */
export async function moveBooking(
  core: BookingCore,
  fx: Effects,
  caller: Caller,
  id: string,
  startAt: string,
): Promise<Outcome<BookingRow>> {
  const tx = fx.tx;
  const { clock } = core.deps;
  const b = await lockOwn(core, tx, caller, id);
  if (b.state !== 'scheduled') throw invalid(b, 'moved');
  const charges = await core.chargesOf(tx, b.id);
  if (charges.some((c) => c.kind === 'extension' && c.state === 'pending'))
    throw new AppError('ExtensionPending');
  const now = clock.now();
  const site = await core.siteOf(tx, b.siteId);
  const { start } = resolveStart(site, startAt, now, true);
  const end = new Date(start.getTime() + (b.durationHours + b.extendedHours) * HOUR);
  const patch = { startsAt: start, endsAt: end, occupiedUntil: end, pinExpiresAt: b.pin ? end : null };
  let moved: BookingRow | null = await core.tryUpdate(tx, b, patch);
  if (!moved) {
    for (const l of await freeLockers(tx, {
      siteId: b.siteId,
      size: b.size,
      start,
      end,
      preferLow: b.preferLow,
      except: b.id,
    })) {
      moved = await core.tryUpdate(tx, b, { ...patch, lockerId: l.id });
      if (moved) break;
    }
  }
  if (!moved) throw new AppError('MoveNotPossible');
  const pinAt = new Date(start.getTime() - LOCKER_RULES.pinIssueBeforeStartMinutes * MIN);
  if (!moved.pin && pinAt <= now) moved = await core.issuePin(tx, moved);
  else if (!moved.pin) await core.timer(tx, TIMER.pinIssue, pinAt, moved);
  await core.timer(tx, TIMER.scheduledStart, start, moved);
  await core.timer(
    tx,
    TIMER.openDeadline,
    new Date(start.getTime() + LOCKER_RULES.scheduledOpenGraceMinutes * MIN),
    moved,
  );
  await core.timer(tx, TIMER.end, end, moved);
  await core.emit(fx, moved, {
    event: 'bookingStatusChanged',
    reason: 'moved',
    sessionId: caller.sessionId,
    site,
  });
  if (moved.pin) await core.emit(fx, moved, { event: 'pinExpiryUpdated', sessionId: caller.sessionId, site });
  await core.offerToWaitlist(fx, b.siteId, b.size);
  return { ok: moved };
}

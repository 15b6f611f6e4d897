/**
 * How many wrong PINs a site's keypad checks before it stops (docs/locker-protocol.md#guessing). The
 * odds of guessing follow from the number of PINs a person at the keypad gets checked in a day, so the
 * rule counts wrong PINs over a rolling day, not minutes, and the pauses grow with every wrong one:
 *
 * - the first `freeWrongs` in a day pause nothing (a mistyped digit);
 * - then each wrong PIN pauses the keypad `shortPauseMinutes`, and from `longPauseAfter` on,
 *   `longPauseMinutes`;
 * - at `closeAfter` the keypad takes no PIN at all until the oldest of those is a day old, or an
 *   operator reopens it; while the site is offline that comes at `offlineCloseAfter` and lasts until
 *   the site is back (the controller cannot be reopened from afar, and derived codes raise the odds).
 *
 * The server applies it to what it hears; the controller applies the same rule to the answers it got
 * and, offline, to its own checks, so the count goes on across a cut.
 */
export const KEYPAD_GUARD = {
  windowHours: 24,
  freeWrongs: 2,
  shortPauseMinutes: 5,
  longPauseAfter: 6,
  longPauseMinutes: 60,
  closeAfter: 9,
  offlineCloseAfter: 4,
} as const;

const MIN = 60_000;
const WINDOW_MS = KEYPAD_GUARD.windowHours * 60 * MIN;

export type KeypadGate =
  | { open: true }
  /** `until`: when PINs are taken again (null: not before the site is back). */
  | { open: false; closed: boolean; until: Date | null };

/**
 * Whether the keypad checks a PIN typed at `now`, given the times of the wrong PINs counted so far
 * (any order; those older than the window, or before an operator's reopening, are ignored).
 */
export function keypadGate(
  wrongs: readonly Date[],
  now: Date,
  opts: { offline?: boolean; reopenedAt?: Date | null } = {},
): KeypadGate {
  const t = now.getTime();
  const since = Math.max(t - WINDOW_MS, opts.reopenedAt?.getTime() ?? -Infinity);
  const counted = wrongs
    .map((w) => w.getTime())
    .filter((w) => w > since && w <= t)
    .sort((a, b) => a - b);
  const n = counted.length;
  if (opts.offline && n >= KEYPAD_GUARD.offlineCloseAfter) return { open: false, closed: true, until: null };
  if (n >= KEYPAD_GUARD.closeAfter) {
    // Open again once fewer than `closeAfter` remain in the window: when the one that many back ages out.
    const oldest = counted[n - KEYPAD_GUARD.closeAfter]!;
    return { open: false, closed: true, until: new Date(oldest + WINDOW_MS) };
  }
  if (n <= KEYPAD_GUARD.freeWrongs) return { open: true };
  const pause =
    n >= KEYPAD_GUARD.longPauseAfter ? KEYPAD_GUARD.longPauseMinutes : KEYPAD_GUARD.shortPauseMinutes;
  const until = counted[n - 1]! + pause * MIN;
  return until > t ? { open: false, closed: false, until: new Date(until) } : { open: true };
}

/**
 * The most PINs a keypad following `keypadGate` checks in any one window, for someone typing as fast
 * as it lets them and never right: the figure the odds in docs/locker-protocol.md#guessing rest on.
 * Worked out by playing that person against the rule, so a change to the rule changes the figure.
 */
export function mostChecksPerWindow(opts: { offline?: boolean } = {}): number {
  const wrongs: Date[] = [];
  let t = 0;
  const end = 3 * WINDOW_MS;
  let most = 0;
  while (t < end) {
    const gate = keypadGate(wrongs, new Date(t), opts);
    if (gate.open) {
      wrongs.push(new Date(t));
      const inWindow = wrongs.filter((w) => w.getTime() > t - WINDOW_MS).length;
      most = Math.max(most, inWindow);
      t += 1000;
    } else if (gate.until === null) break;
    else t = Math.max(t + 1000, gate.until.getTime());
  }
  return most;
}

import { existsSync } from 'node:fs';

/**
 * The clocks of a benchmark at a chosen hour of the town's day, both moved by the same offset from
 * now and both still running:
 * - the server's by libfaketime (Debian's `faketime` package) preloaded into its processes, so every
 *   `Date` header, opening hour and token it makes reads that hour; the monotonic clock its timers use
 *   is left alone;
 * - the browser's by a script run before each page's own (`Date` and `Date.now` moved): libfaketime
 *   in Chromium made every task of a page look hundreds of times longer to Lighthouse's trace, and
 *   Playwright's clock either replaces the timers, animation frames and `performance` with its own
 *   (`install`), which changes what is measured, or stops the time (`setFixedTime`).
 */
export const FAKETIME_LIBRARY = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

const TOWN_OFFSET_MS = 330 * 60_000;

/** Today's `hh:mm` in the town (India's time, no daylight saving), as an instant. */
export function townHourToday(hhmm: string, now = Date.now()): Date {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) throw new Error(`an hour is hh:mm, not ${hhmm}`);
  const town = new Date(now + TOWN_OFFSET_MS);
  return new Date(
    Date.UTC(
      town.getUTCFullYear(),
      town.getUTCMonth(),
      town.getUTCDate(),
      Number(match[1]),
      Number(match[2]),
    ) - TOWN_OFFSET_MS,
  );
}

/** From `now` to today's `hhmm` in the town, in whole seconds; `now` itself is 0. */
export function townHourOffsetMs(hhmm: string, now = Date.now()): number {
  if (hhmm === 'now') return 0;
  return Math.round((townHourToday(hhmm, now).getTime() - now) / 1000) * 1000;
}

/** libfaketime's offset (`+1800s`) from `now` to today's `hhmm` in the town. */
export function faketimeOffset(hhmm: string, now = Date.now()): string {
  const seconds = townHourOffsetMs(hhmm, now) / 1000;
  return `${seconds >= 0 ? '+' : '-'}${Math.abs(seconds)}s`;
}

/**
 * A page script moving the page's clock by `offsetMs`: `new Date()` and `Date.now()` (what the app
 * reads the time with); dates made from a value are left as they are.
 */
export function browserClockScript(offsetMs: number): string {
  return `(() => { const R = Date, off = ${Math.round(offsetMs)}; class D extends R { constructor(...a) { if (a.length === 0) super(R.now() + off); else super(...a); } static now() { return R.now() + off; } } globalThis.Date = D; })();`;
}

/** The environment that makes a process's clock read `hhmm` in the town now; `now` fakes nothing. */
export function townClockEnv(hhmm: string, now = Date.now()): Record<string, string> {
  if (hhmm === 'now') return {};
  if (!existsSync(FAKETIME_LIBRARY))
    throw new Error(`${FAKETIME_LIBRARY} is missing: apt-get install -y faketime (or --hours now)`);
  return {
    LD_PRELOAD: FAKETIME_LIBRARY,
    FAKETIME: faketimeOffset(hhmm, now),
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  };
}

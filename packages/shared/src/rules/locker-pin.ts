import { LOCKER_RULES } from '../constants.ts';

/**
 * Dynamic PIN rules (docs/product.md#dynamic-pin): 6 digits, unique among the live PINs of a site (the
 * database enforces that), issued at reservation (a scheduled booking 15 min before its start),
 * valid until the booking's end, replaced after every successful open, renewable at any time.
 */
export const PIN_LENGTH = 6;
export const PIN_PATTERN = /^\d{6}$/;

export function isPinFormat(pin: string): boolean {
  return PIN_PATTERN.test(pin);
}

/**
 * What a keypad takes: an ordinary PIN, or the 10-digit code of a booking made while its site was
 * offline (docs/locker-protocol.md#offline), which stays its PIN once the site is back.
 */
export const KEYPAD_CODE_PATTERN = /^(\d{6}|\d{10})$/;

/**
 * PINs a passer-by would try first are never issued: one digit repeated (111111), runs up or down
 * (123456, 987654, also wrapping: 890123), and two alternating digits (121212).
 */
export function isGuessablePin(pin: string): boolean {
  if (!isPinFormat(pin)) return true;
  const d = [...pin].map(Number);
  const steps = d.slice(1).map((x, i) => (x - d[i]! + 10) % 10);
  if (steps.every((s) => s === steps[0]) && (steps[0] === 0 || steps[0] === 1 || steps[0] === 9)) return true;
  if (d.every((x, i) => x === d[i % 2])) return true;
  return false;
}

/**
 * A new PIN from `randomInt(maxExclusive)` (a cryptographic source on the server), never a guessable
 * one and never one of `avoid` (the site's live PINs and the booking's previous PIN).
 */
export function generatePin(
  randomInt: (maxExclusive: number) => number,
  avoid: ReadonlySet<string> = new Set(),
): string {
  for (let i = 0; i < 1000; i++) {
    const pin = String(randomInt(10 ** PIN_LENGTH)).padStart(PIN_LENGTH, '0');
    if (!isGuessablePin(pin) && !avoid.has(pin)) return pin;
  }
  throw new Error('could not find a free PIN');
}

/** Whether a PIN typed at `now` may open its booking's door. */
export function pinUsableAt(
  booking: { startsAt: Date; pinExpiresAt: Date | null; state: string },
  now: Date,
): 'ok' | 'not_yet' | 'expired' | 'not_live' {
  if (!['reserved', 'active', 'expired', 'scheduled'].includes(booking.state)) return 'not_live';
  if (now < booking.startsAt || booking.state === 'scheduled') return 'not_yet';
  // An expired booking (overstay) keeps its PIN: the overstay check decides then.
  if (booking.state !== 'expired' && booking.pinExpiresAt && now >= booking.pinExpiresAt) return 'expired';
  return 'ok';
}

/**
 * Whether a site not heard from for `offlineSeconds` (offline) may still be booked: heard within
 * `LOCKER_RULES.offlineBookingHeardHours`, so its controller has a recent list and clock.
 */
export function bookableOffline(lastHeartbeatAt: Date | null, now: Date, offlineSeconds: number): boolean {
  if (!lastHeartbeatAt) return false;
  const quiet = now.getTime() - lastHeartbeatAt.getTime();
  return quiet >= offlineSeconds * 1000 && quiet <= LOCKER_RULES.offlineBookingHeardHours * 3_600_000;
}

import { createHmac } from 'node:crypto';
import { FF1 } from '@noble/ciphers/ff1.js';

/**
 * PINs a locker site's controller can check by itself while it cannot reach the server
 * (docs/locker-protocol.md#offline). Two kinds, told apart by their length:
 *
 * - ordinary PINs, 6 digits drawn at random by the server; the controller holds their hashes (`pinHash`);
 * - derived PINs, 10 digits, issued by the server for a booking made while the site is offline: the
 *   image of (locker, window start hour, hours) under a keyed permutation of the 10^10 codes (FF1,
 *   the NIST format-preserving cipher, as @noble/ciphers has it), so the controller reads the window
 *   back by computation alone, with any FF1 implementation.
 *
 * Only the permutation's plaintexts below `DERIVED_SPACE` are derived PINs: a code typed at random is
 * one that opens something with odds small enough for docs/locker-protocol.md#guessing. Both sides
 * take the key from DEVICE_KEY per site, as the MQTT password is, and never send it.
 */
export const OFFLINE_PINS = {
  /** Window starts are written modulo this many hours (10 days). */
  cycleHours: 240,
  /** Lockers a site may have for derived PINs (their index in the site's sorted locker ids). */
  maxLockers: 48,
  /** The longest derived window, in whole hours (a booking's hours with extensions, rounded out). */
  maxHours: 72,
} as const;

const HOUR = 3_600_000;

/** Derived PINs are this long: the extra digits are what keeps them from being guessed. */
export const DERIVED_PIN_LENGTH = 10;
const DERIVED_PATTERN = /^\d{10}$/;

/** How many of the 10^10 codes are derived PINs: every (start slot, locker, hours). */
export const DERIVED_SPACE = OFFLINE_PINS.cycleHours * OFFLINE_PINS.maxLockers * OFFLINE_PINS.maxHours;

/** The site's offline-PIN key: a different derivation of DEVICE_KEY than its MQTT password. */
export function sitePinKey(deviceKey: string, siteId: string): Buffer {
  return createHmac('sha256', deviceKey).update(`locker-pins:${siteId}`).digest();
}

/** What the controller stores of an ordinary PIN: never the PIN itself. */
export function pinHash(key: Buffer, pin: string): string {
  return createHmac('sha256', key).update(`pin:${pin}`).digest('base64url');
}

/** The 10-digit permutation of a site: FF1 (NIST SP 800-38G), radix 10, under a key of its own. */
const ciphers = new Map<string, ReturnType<typeof FF1>>();

function cipherOf(key: Buffer): ReturnType<typeof FF1> {
  const id = key.toString('base64url');
  let c = ciphers.get(id);
  if (!c) {
    // The AES key FF1 uses is derived apart from the PIN hashes' key (one key, one use).
    c = FF1(10, createHmac('sha256', key).update('ff1').digest());
    // A server holds one per site; a bound keeps a stray caller from growing it without end.
    if (ciphers.size >= 256) ciphers.clear();
    ciphers.set(id, c);
  }
  return c;
}

const digitsOf = (n: number) => [...String(n).padStart(DERIVED_PIN_LENGTH, '0')].map(Number);
const numberOf = (digits: number[]) => Number(digits.join(''));

/** A bijection of [0, 10^10) for any key: FF1 on the ten digits. */
function permute(key: Buffer, x: number): number {
  return numberOf(cipherOf(key).encrypt(digitsOf(x)));
}

function unpermute(key: Buffer, y: number): number {
  return numberOf(cipherOf(key).decrypt(digitsOf(y)));
}

const code = (n: number) => String(n).padStart(DERIVED_PIN_LENGTH, '0');
const hourOf = (at: Date) => Math.floor(at.getTime() / HOUR);

/** Whether a typed code has a derived PIN's shape (an ordinary PIN never has: it is shorter). */
export const isDerivedFormat = (pin: string): boolean => DERIVED_PATTERN.test(pin);

/** A booking's window rounded out to whole hours: what a derived PIN is bound to. */
export function derivedWindow(startsAt: Date, endsAt: Date): { from: Date; until: Date; hours: number } {
  const from = hourOf(startsAt);
  const until = Math.ceil(endsAt.getTime() / HOUR);
  return { from: new Date(from * HOUR), until: new Date(until * HOUR), hours: until - from };
}

/**
 * Where a controller whose last contact with the server was at `lastContact` reads derived window
 * starts from: the hour before that contact's. Starts are read in the `cycleHours` from there, which
 * makes them unambiguous. A controller's last contact (its last heartbeat sent while connected, or
 * the last message it got) is at or a little after the last heartbeat the server heard, so its hour
 * is the server's or the next: the hour of slack keeps every start the server gives in its range.
 */
export function derivedAnchor(lastContact: Date): Date {
  return new Date((hourOf(lastContact) - 1) * HOUR);
}

/**
 * Whether a window can be given a derived PIN for a site whose last heartbeat the server heard at
 * `heardAt`: it starts no earlier than that hour and ends within the cycle read from the hour
 * before, so a controller anchored at either hour reads it back the same.
 */
export function derivableWindow(
  w: { from: Date; hours: number },
  heardAt: Date,
  lockerIndex: number,
): boolean {
  const heardHour = hourOf(heardAt);
  const from = hourOf(w.from);
  return (
    lockerIndex >= 0 &&
    lockerIndex < OFFLINE_PINS.maxLockers &&
    w.hours >= 1 &&
    w.hours <= OFFLINE_PINS.maxHours &&
    from >= heardHour &&
    from + w.hours <= heardHour - 1 + OFFLINE_PINS.cycleHours
  );
}

/** The derived PIN for locker `lockerIndex` and a whole-hour window; see `derivableWindow`. */
export function derivedPin(key: Buffer, lockerIndex: number, w: { from: Date; hours: number }): string {
  const { cycleHours, maxLockers, maxHours } = OFFLINE_PINS;
  const slot = ((hourOf(w.from) % cycleHours) + cycleHours) % cycleHours;
  return code(permute(key, (slot * maxLockers + lockerIndex) * maxHours + (w.hours - 1)));
}

/**
 * What a controller reads from a typed PIN as a derived one: the locker index and window, placed in
 * the cycle after `derivedAnchor(lastContact)`. Null when the PIN is not derived-shaped. Whether it
 * opens now is `now` inside [from, until) — see `derivedPinOpens`.
 */
export function readDerivedPin(
  key: Buffer,
  pin: string,
  lastContact: Date,
): { lockerIndex: number; from: Date; until: Date; hours: number } | null {
  if (!isDerivedFormat(pin)) return null;
  return placeDerived(unpermute(key, Number(pin)), lastContact);
}

/**
 * What a derived plaintext (a decrypted code) stands for, read from `lastContact`: null at or above
 * `DERIVED_SPACE`. FF1 being a permutation, the codes that open something at a moment are exactly as
 * many as the plaintexts that do, which is how the odds of a guess are counted (offline-pins.test.ts).
 */
export function placeDerived(
  p: number,
  lastContact: Date,
): { lockerIndex: number; from: Date; until: Date; hours: number } | null {
  if (!Number.isInteger(p) || p < 0 || p >= DERIVED_SPACE) return null;
  const { cycleHours, maxLockers, maxHours } = OFFLINE_PINS;
  const hours = (p % maxHours) + 1;
  const lockerIndex = Math.floor(p / maxHours) % maxLockers;
  const slot = Math.floor(p / (maxHours * maxLockers));
  const anchor = hourOf(derivedAnchor(lastContact));
  const from = anchor + ((slot - (anchor % cycleHours) + cycleHours) % cycleHours);
  return { lockerIndex, from: new Date(from * HOUR), until: new Date((from + hours) * HOUR), hours };
}

/** The locker and window a derived PIN opens at `now` (its window holds `now`), or null. */
export function derivedPinOpens(
  key: Buffer,
  pin: string,
  lastContact: Date,
  now: Date,
): { lockerIndex: number; from: Date; until: Date } | null {
  const read = readDerivedPin(key, pin, lastContact);
  if (!read || now < read.from || now >= read.until) return null;
  return read;
}

import type { ControllerPin } from '@petti/shared';
import { derivedPinOpens, pinHash } from '@petti/shared/node/offline-pins';

/** The PIN list as last received from the server. */
export interface PinList {
  at: string;
  lockers: string[];
  pins: ControllerPin[];
}

export type OfflineVerdict =
  | { ok: true; lockerId: string; via: 'list' | 'derived'; bookingId?: string }
  | {
      ok: false;
      reason: 'unknown_pin' | 'not_yet' | 'expired' | 'used' | 'bad_format' | 'locked_out';
      retryAfterSeconds?: number;
    };

const LOCKOUT = { failures: 10, windowMs: 5 * 60_000 };

/**
 * A controller's keypad while it cannot reach the server (docs/locker-protocol.md#offline): checks a
 * typed PIN against the hashed list it was last sent, then as a derived PIN, with the same wrong-PIN
 * lockout the server keeps. It remembers one-time PINs used and the lockers derived PINs have taken,
 * for as long as their windows last.
 */
export class OfflineKeypad {
  private list: PinList | null = null;
  /** When the controller last heard the server: derived PIN windows are read from there. */
  private lastContact: Date | null = null;
  private readonly usedOnce = new Set<string>();
  /** Lockers a derived PIN opened, with that PIN's hash and window end. */
  private readonly claimed = new Map<string, { hash: string; until: number }>();
  private failures: number[] = [];

  constructor(private readonly key: Buffer) {}

  /** A list replaces the one held unless it is older (the newest `at` wins; a tie, the later come). */
  receive(list: PinList): void {
    if (this.list && Date.parse(this.list.at) > Date.parse(list.at)) return;
    this.list = list;
    for (const hash of this.usedOnce) if (!list.pins.some((p) => p.hash === hash)) this.usedOnce.delete(hash);
  }

  get pinsAt(): string | undefined {
    return this.list?.at;
  }

  /** The bookings whose PINs the held list carries. */
  get bookingIds(): string[] {
    return [...new Set(this.list?.pins.map((p) => p.bookingId) ?? [])];
  }

  heard(at: Date): void {
    this.lastContact = at;
  }

  check(pin: string, now: Date): OfflineVerdict {
    const t = now.getTime();
    this.failures = this.failures.filter((f) => f > t - LOCKOUT.windowMs);
    if (this.failures.length >= LOCKOUT.failures) {
      const retryAfterSeconds = Math.max(1, Math.ceil((this.failures[0]! + LOCKOUT.windowMs - t) / 1000));
      return { ok: false, reason: 'locked_out', retryAfterSeconds };
    }
    const verdict = this.judge(pin, now);
    if (!verdict.ok) this.failures.push(t);
    return verdict;
  }

  private judge(pin: string, now: Date): OfflineVerdict {
    if (!/^\d{6}$/.test(pin)) return { ok: false, reason: 'bad_format' };
    const t = now.getTime();
    const hash = pinHash(this.key, pin);
    const entry = this.list?.pins.find((p) => p.hash === hash);
    if (entry) {
      if (t < Date.parse(entry.from)) return { ok: false, reason: 'not_yet' };
      if (t >= Date.parse(entry.until)) return { ok: false, reason: 'expired' };
      if (entry.once && this.usedOnce.has(hash)) return { ok: false, reason: 'used' };
      if (entry.once) this.usedOnce.add(hash);
      return { ok: true, lockerId: entry.lockerId, via: 'list', bookingId: entry.bookingId };
    }
    if (!this.list || !this.lastContact) return { ok: false, reason: 'unknown_pin' };
    const read = derivedPinOpens(this.key, pin, this.lastContact, now);
    const lockerId = read ? this.list.lockers[read.lockerIndex] : undefined;
    if (!read || !lockerId) return { ok: false, reason: 'unknown_pin' };
    // Free in its own records: no listed PIN opens that locker now, and no other derived PIN took it.
    const listed = this.list.pins.some(
      (p) => p.lockerId === lockerId && Date.parse(p.from) <= t && t < Date.parse(p.until),
    );
    const claim = this.claimed.get(lockerId);
    if (listed || (claim && claim.until > t && claim.hash !== hash))
      return { ok: false, reason: 'unknown_pin' };
    this.claimed.set(lockerId, { hash, until: read.until.getTime() });
    return { ok: true, lockerId, via: 'derived' };
  }
}

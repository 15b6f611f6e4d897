import { type ControllerPin, isPinFormat, KEYPAD_GUARD, keypadGate } from '@petti/shared';
import { derivedPinOpens, isDerivedFormat, pinHash } from '@petti/shared/node/offline-pins';

/** The PIN list as last received from the server. */
export interface PinList {
  at: string;
  lockers: string[];
  pins: ControllerPin[];
  /** Lockers kept for someone's things: never opened by a derived PIN. */
  held?: string[];
}

export type OfflineVerdict =
  | { ok: true; lockerId: string; via: 'list' | 'derived'; bookingId?: string }
  | {
      ok: false;
      reason: 'unknown_pin' | 'not_yet' | 'expired' | 'used' | 'bad_format' | 'locked_out';
      retryAfterSeconds?: number;
      /** Locked out for good: no PIN until the site is back. */
      closed?: boolean;
    };

/**
 * A controller's keypad while it cannot reach the server (docs/locker-protocol.md#offline): checks a
 * typed PIN against the hashed list it was last sent, then as a derived PIN, under the same guard on
 * wrong PINs as the server's (docs/locker-protocol.md#guessing), counting the wrong PINs the server
 * answered while it was online too, and closing for good at the offline limit until it is back. It
 * remembers one-time PINs used, and the lockers derived PINs have opened until the site is back.
 */
export class OfflineKeypad {
  private list: PinList | null = null;
  /** When the controller last heard the server: derived PIN windows are read from there. */
  private lastContact: Date | null = null;
  private readonly usedOnce = new Set<string>();
  /** Lockers a derived PIN opened while offline, with that PIN's hash. */
  private readonly claimed = new Map<string, string>();
  private wrongs: Date[] = [];
  private reopenedAt: Date | null = null;

  constructor(private readonly key: Buffer) {}

  /** A list replaces the one held unless it is older (the newest `at` wins; a tie, the later come). */
  receive(list: PinList): void {
    if (this.list && Date.parse(this.list.at) > Date.parse(list.at)) return;
    this.list = list;
    for (const hash of this.usedOnce) if (!list.pins.some((p) => p.hash === hash)) this.usedOnce.delete(hash);
    // The server knows now what derived PINs opened: its list says who holds those lockers.
    this.claimed.clear();
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

  /** The server refused a PIN typed here while online: it counts here too, should the link fail. */
  wrongOnline(at: Date): void {
    this.wrongs.push(at);
    this.forgetOld(at);
  }

  /** An operator reopened the keypad: the wrong PINs before count no more. */
  reopened(at: Date): void {
    this.reopenedAt = at;
    this.wrongs = this.wrongs.filter((w) => w > at);
  }

  check(pin: string, now: Date): OfflineVerdict {
    this.forgetOld(now);
    const gate = keypadGate(this.wrongs, now, { offline: true, reopenedAt: this.reopenedAt });
    if (!gate.open)
      return {
        ok: false,
        reason: 'locked_out',
        closed: gate.closed,
        ...(gate.until
          ? { retryAfterSeconds: Math.max(1, Math.ceil((gate.until.getTime() - now.getTime()) / 1000)) }
          : {}),
      };
    const verdict = this.judge(pin, now);
    if (!verdict.ok) this.wrongs.push(now);
    return verdict;
  }

  private forgetOld(now: Date): void {
    const since = now.getTime() - KEYPAD_GUARD.windowHours * 3_600_000;
    this.wrongs = this.wrongs.filter((w) => w.getTime() > since);
  }

  private judge(pin: string, now: Date): OfflineVerdict {
    if (isDerivedFormat(pin)) return this.judgeDerived(pin, now);
    if (!isPinFormat(pin)) return { ok: false, reason: 'bad_format' };
    const t = now.getTime();
    const hash = pinHash(this.key, pin);
    const entry = this.list?.pins.find((p) => p.hash === hash);
    if (!entry) return { ok: false, reason: 'unknown_pin' };
    if (t < Date.parse(entry.from)) return { ok: false, reason: 'not_yet' };
    if (t >= Date.parse(entry.until)) return { ok: false, reason: 'expired' };
    if (entry.once && this.usedOnce.has(hash)) return { ok: false, reason: 'used' };
    if (entry.once) this.usedOnce.add(hash);
    return { ok: true, lockerId: entry.lockerId, via: 'list', bookingId: entry.bookingId };
  }

  private judgeDerived(pin: string, now: Date): OfflineVerdict {
    const hash = pinHash(this.key, pin);
    // A derived PIN that became a listed one (the site was back meanwhile) opens as listed.
    const entry = this.list?.pins.find((p) => p.hash === hash);
    if (entry) {
      const t = now.getTime();
      if (t < Date.parse(entry.from)) return { ok: false, reason: 'not_yet' };
      if (t >= Date.parse(entry.until)) return { ok: false, reason: 'expired' };
      return { ok: true, lockerId: entry.lockerId, via: 'list', bookingId: entry.bookingId };
    }
    if (!this.list || !this.lastContact) return { ok: false, reason: 'unknown_pin' };
    const read = derivedPinOpens(this.key, pin, this.lastContact, now);
    const lockerId = read ? this.list.lockers[read.lockerIndex] : undefined;
    if (!read || !lockerId) return { ok: false, reason: 'unknown_pin' };
    // Free in its own records: held for nobody in the list (whatever its hours: things may be
    // inside), and not opened by another derived PIN since the cut.
    const held = this.list.held ?? [];
    const claim = this.claimed.get(lockerId);
    if (
      held.includes(lockerId) ||
      this.list.pins.some((p) => p.lockerId === lockerId) ||
      (claim && claim !== hash)
    )
      return { ok: false, reason: 'unknown_pin' };
    this.claimed.set(lockerId, hash);
    return { ok: true, lockerId, via: 'derived' };
  }
}

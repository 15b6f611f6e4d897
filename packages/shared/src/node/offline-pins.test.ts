import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePin } from '../rules/locker-pin.ts';
import {
  DERIVED_PIN_LENGTH,
  DERIVED_SPACE,
  derivableWindow,
  derivedAnchor,
  derivedPin,
  derivedPinOpens,
  derivedWindow,
  isDerivedFormat,
  OFFLINE_PINS,
  pinHash,
  readDerivedPin,
  sitePinKey,
} from './offline-pins.ts';

const HOUR = 3_600_000;
const key = sitePinKey('petti-development-device-key', 'bus-stand');
const lastContact = new Date('2026-11-28T09:40:12Z');
const anchorHour = derivedAnchor(lastContact).getTime() / HOUR;

/** Every window a derived PIN can have for `lastContact` that holds the hour `h`. */
function windowsHolding(h: number) {
  const out: Array<{ from: Date; hours: number }> = [];
  for (let hours = 1; hours <= OFFLINE_PINS.maxHours; hours++)
    for (let from = h - hours + 1; from <= h; from++) {
      const w = { from: new Date(from * HOUR), hours };
      if (derivableWindow(w, lastContact, 0)) out.push(w);
    }
  return out;
}

describe('offline PINs', () => {
  it('keys each site differently, and never as its MQTT password', () => {
    expect(sitePinKey('k'.repeat(16), 'a').equals(sitePinKey('k'.repeat(16), 'b'))).toBe(false);
    expect(pinHash(key, '482913')).not.toBe(pinHash(sitePinKey('x'.repeat(16), 'bus-stand'), '482913'));
    expect(pinHash(key, '482913')).not.toContain('482913');
  });

  it('makes the same codes as every controller already in the field: FF1 and the hashes, pinned', () => {
    // A library upgrade or a change here that moved these would lock shoppers out of offline sites.
    expect(derivedPin(key, 3, { from: new Date('2026-11-28T10:00:00Z'), hours: 2 })).toBe('8695983633');
    expect(derivedPin(key, 0, { from: new Date('2026-11-28T11:00:00Z'), hours: 1 })).toBe('6184645345');
    expect(pinHash(key, '482913')).toBe('y9hVWQqmnhhAkLpL4iqksPC3dz3Xg2z6iYkno-sk2mw');
  });

  it('rounds a window out to whole hours', () => {
    expect(derivedWindow(new Date('2026-11-28T10:20:00Z'), new Date('2026-11-28T12:05:00Z'))).toEqual({
      from: new Date('2026-11-28T10:00:00Z'),
      until: new Date('2026-11-28T13:00:00Z'),
      hours: 3,
    });
    expect(derivedWindow(new Date('2026-11-28T10:00:00Z'), new Date('2026-11-28T11:00:00Z')).hours).toBe(1);
  });

  it('reads back the locker and window it was made for', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: OFFLINE_PINS.maxLockers - 1 }),
        fc.integer({ min: 0, max: OFFLINE_PINS.cycleHours - OFFLINE_PINS.maxHours }),
        fc.integer({ min: 1, max: OFFLINE_PINS.maxHours }),
        (lockerIndex, offset, hours) => {
          const w = { from: new Date((anchorHour + offset) * HOUR), hours };
          const pin = derivedPin(key, lockerIndex, w);
          expect(pin).toMatch(/^\d{10}$/);
          expect(isDerivedFormat(pin)).toBe(true);
          expect(readDerivedPin(key, pin, lastContact)).toEqual({
            lockerIndex,
            from: w.from,
            until: new Date(w.from.getTime() + hours * HOUR),
            hours,
          });
        },
      ),
    );
  });

  it('never opens outside its window, at any time, and always inside it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: OFFLINE_PINS.maxLockers - 1 }),
        fc.integer({ min: 0, max: OFFLINE_PINS.cycleHours - OFFLINE_PINS.maxHours }),
        fc.integer({ min: 1, max: OFFLINE_PINS.maxHours }),
        // Up to 40 days either side, to the millisecond: past the code cycle both ways.
        fc.integer({ min: -40 * 24 * HOUR, max: 40 * 24 * HOUR }),
        (lockerIndex, offset, hours, delta) => {
          const from = (anchorHour + offset) * HOUR;
          const pin = derivedPin(key, lockerIndex, { from: new Date(from), hours });
          const now = new Date(from + delta);
          const inside = delta >= 0 && delta < hours * HOUR;
          const opens = derivedPinOpens(key, pin, lastContact, now);
          expect(opens !== null).toBe(inside);
          if (opens) expect(opens.lockerIndex).toBe(lockerIndex);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('has no two lockers or windows of a site sharing a code at any hour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: OFFLINE_PINS.cycleHours - 1 }), (offset) => {
        const h = anchorHour + offset;
        const seen = new Map<string, string>();
        for (let locker = 0; locker < 22; locker++)
          for (const w of windowsHolding(h)) {
            const pin = derivedPin(key, locker, w);
            const what = `${locker}@${w.from.toISOString()}+${w.hours}`;
            expect(seen.get(pin) ?? what).toBe(what);
            seen.set(pin, what);
          }
      }),
      // Each run encrypts every code of 22 lockers at one hour (58,000 FF1 calls, a few seconds).
      { numRuns: 2 },
    );
  }, 60_000);

  it('is never an ordinary PIN, nor read from one: the two differ in length', () => {
    let s = 7;
    const rand = (max: number) => {
      s = (s * 1103515245 + 12345) % 2 ** 31;
      return s % max;
    };
    for (let i = 0; i < 500; i++) {
      const pin = generatePin(rand, new Set());
      expect(isDerivedFormat(pin)).toBe(false);
      expect(readDerivedPin(key, pin, lastContact)).toBeNull();
    }
    expect(DERIVED_SPACE).toBeLessThan(10 ** DERIVED_PIN_LENGTH / 10_000);
  });

  it('reads back every window the server may give, whether the controller last heard it that hour or the next', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3_599_999 }),
        fc.integer({ min: 0, max: OFFLINE_PINS.cycleHours }),
        fc.integer({ min: 1, max: OFFLINE_PINS.maxHours }),
        fc.integer({ min: 0, max: 3 * 60_000 }),
        (intoHour, offset, hours, laterMs) => {
          const heardAt = new Date(Math.floor(lastContact.getTime() / HOUR) * HOUR + intoHour);
          const w = { from: new Date((Math.floor(heardAt.getTime() / HOUR) + offset) * HOUR), hours };
          if (!derivableWindow(w, heardAt, 3)) return;
          const pin = derivedPin(key, 3, w);
          // The controller's last contact: the heartbeat the server heard, or a little after it.
          const contact = new Date(heardAt.getTime() + laterMs);
          expect(readDerivedPin(key, pin, contact)).toMatchObject({ lockerIndex: 3, from: w.from, hours });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses windows it cannot place unambiguously', () => {
    const at = (h: number) => new Date((anchorHour + h) * HOUR);
    // The hour of the last heartbeat heard is the anchor's next: windows start there at the earliest.
    expect(derivableWindow({ from: at(1), hours: 3 }, lastContact, 0)).toBe(true);
    expect(derivableWindow({ from: at(0), hours: 3 }, lastContact, 0)).toBe(false);
    expect(derivableWindow({ from: at(1), hours: OFFLINE_PINS.maxHours + 1 }, lastContact, 0)).toBe(false);
    expect(derivableWindow({ from: at(OFFLINE_PINS.cycleHours - 3), hours: 3 }, lastContact, 0)).toBe(true);
    expect(derivableWindow({ from: at(OFFLINE_PINS.cycleHours - 2), hours: 3 }, lastContact, 0)).toBe(false);
    expect(derivableWindow({ from: at(1), hours: 3 }, lastContact, OFFLINE_PINS.maxLockers)).toBe(false);
  });
});

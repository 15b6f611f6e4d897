import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEYPAD_GUARD, keypadGate, mostChecksPerWindow } from '../rules/keypad-guard.ts';
import { isGuessablePin, PIN_LENGTH } from '../rules/locker-pin.ts';
import { DERIVED_PIN_LENGTH, DERIVED_SPACE, OFFLINE_PINS, placeDerived } from './offline-pins.ts';

// The odds of opening a locker by guessing at its keypad (docs/locker-protocol.md#guessing), worked
// out from the rules themselves: how many PINs the keypad checks in a day, and how many codes open
// something at a moment, online and offline, per site size and outage length.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** What the figures must stay within: a 20-locker site offline a whole day, and one live booking online. */
const OFFLINE_DAY_ODDS = 1 / 10_000;
const ONLINE_DAY_ODDS_PER_BOOKING = 1 / 100_000;
const FIGURE_SITE_LOCKERS = 20;

/** Ordinary PINs the server may issue: six digits, none a passer-by would try first. */
const ORDINARY_CODES = (() => {
  let n = 0;
  for (let i = 0; i < 10 ** PIN_LENGTH; i++) if (!isGuessablePin(String(i).padStart(PIN_LENGTH, '0'))) n++;
  return n;
})();

/**
 * Derived codes that open a locker of a site at `now`, every locker free (the most there can be): the
 * plaintexts whose window, read from the controller's last contact, holds `now`. FF1 maps plaintexts
 * one to one onto codes, so they are as many as the codes.
 */
function derivedOpeningAt(lockers: number, lastContact: Date, now: Date): number {
  let n = 0;
  const t = now.getTime();
  for (let p = 0; p < DERIVED_SPACE; p++) {
    // Plaintexts run hours fastest, then lockers: skip whole lockers past the site's.
    const lockerIndex = Math.floor(p / OFFLINE_PINS.maxHours) % OFFLINE_PINS.maxLockers;
    if (lockerIndex >= lockers) {
      p += OFFLINE_PINS.maxHours * (OFFLINE_PINS.maxLockers - lockerIndex) - 1;
      continue;
    }
    const w = placeDerived(p, lastContact)!;
    if (w.from.getTime() <= t && t < w.until.getTime()) n++;
  }
  return n;
}

/** Someone at the keypad, never right, typing at these gaps (ms): the times of the PINs it checked. */
function checkedTimes(gaps: number[], offline: boolean): number[] {
  const wrongs: Date[] = [];
  let t = 0;
  for (const gap of gaps) {
    t += gap;
    if (keypadGate(wrongs, new Date(t), { offline }).open) wrongs.push(new Date(t));
  }
  return wrongs.map((w) => w.getTime());
}

describe('guessing a locker open', () => {
  it('checks at most nine PINs in any day online, and four in a whole outage, however they are typed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 * HOUR }), { minLength: 1, maxLength: 400 }),
        fc.boolean(),
        (gaps, offline) => {
          const times = checkedTimes(gaps, offline);
          if (offline) expect(times.length).toBeLessThanOrEqual(KEYPAD_GUARD.offlineCloseAfter);
          for (const start of times) {
            const inDay = times.filter((x) => x >= start && x < start + DAY).length;
            expect(inDay).toBeLessThanOrEqual(KEYPAD_GUARD.closeAfter);
          }
        },
      ),
      { numRuns: 300 },
    );
    // The figures the odds below rest on, played out against the rule.
    expect(mostChecksPerWindow()).toBe(KEYPAD_GUARD.closeAfter);
    expect(mostChecksPerWindow({ offline: true })).toBe(KEYPAD_GUARD.offlineCloseAfter);
  });

  it('gives a live booking odds of at most 1 in 100,000 a day of its PIN being guessed online', () => {
    const odds = mostChecksPerWindow() / ORDINARY_CODES;
    expect(odds).toBeLessThanOrEqual(ONLINE_DAY_ODDS_PER_BOOKING);
  });

  it('keeps derived codes too rare to guess at any moment of an outage, per site size and outage length, with every locker free', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: OFFLINE_PINS.maxLockers }),
        // When the site was last heard, and how far into its outage the guess comes (up to 3 days).
        fc.integer({ min: 0, max: 1_000 * DAY }),
        fc.integer({ min: 0, max: 72 * HOUR }),
        (lockers, heardMs, outageMs) => {
          const lastContact = new Date(Date.UTC(2026, 0, 1) + heardMs);
          const now = new Date(lastContact.getTime() + outageMs);
          const opening = derivedOpeningAt(lockers, lastContact, now);
          // At most every window that holds the hour, for every locker: 72 + 71 + … + 1 of them.
          const windowsHoldingAnHour = (OFFLINE_PINS.maxHours * (OFFLINE_PINS.maxHours + 1)) / 2;
          expect(opening).toBeLessThanOrEqual(lockers * windowsHoldingAnHour);
          // Every check of the outage a ten-digit guess at these odds, on a site of any size: within
          // the day's figure even with every one of its lockers free to derived codes.
          const odds = (mostChecksPerWindow({ offline: true }) * opening) / 10 ** DERIVED_PIN_LENGTH;
          expect(odds).toBeLessThanOrEqual(OFFLINE_DAY_ODDS);
        },
      ),
      // Each run reads every derived plaintext once (829,440).
      { numRuns: 12 },
    );
  }, 120_000);

  it('gives a 20-locker site offline for a whole day odds of at most 1 in 10,000 of a locker opened by guessing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: FIGURE_SITE_LOCKERS }),
        fc.integer({ min: 0, max: FIGURE_SITE_LOCKERS }),
        fc.integer({ min: 0, max: 1_000 * DAY }),
        fc.array(fc.integer({ min: 0, max: DAY }), { minLength: 1, maxLength: 4 }),
        (lockers, listedRaw, heardMs, moments) => {
          // Some lockers hold a listed PIN that opens now (one each at most: bookings of a locker never
          // overlap), the rest are free to derived codes. A guess is six digits or ten: the better one.
          const listed = Math.min(listedRaw, lockers);
          const lastContact = new Date(Date.UTC(2026, 0, 1) + heardMs);
          let worst = 0;
          for (const m of moments) {
            const derived = derivedOpeningAt(
              lockers - listed,
              lastContact,
              new Date(lastContact.getTime() + m),
            );
            worst = Math.max(worst, listed / ORDINARY_CODES, derived / 10 ** DERIVED_PIN_LENGTH);
          }
          // Every check the keypad makes in the outage, each at the best odds of any moment in it.
          const odds = mostChecksPerWindow({ offline: true }) * worst;
          expect(odds).toBeLessThanOrEqual(OFFLINE_DAY_ODDS);
        },
      ),
      { numRuns: 8 },
    );
    // The bound itself, all 20 lockers holding a listed PIN (the worst case).
    expect(
      (mostChecksPerWindow({ offline: true }) * FIGURE_SITE_LOCKERS) / ORDINARY_CODES,
    ).toBeLessThanOrEqual(OFFLINE_DAY_ODDS);
  }, 120_000);
});

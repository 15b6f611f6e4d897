import type { ControllerPin } from '@petti/shared';
import { derivedPin, derivedWindow, pinHash, sitePinKey } from '@petti/shared/node/offline-pins';
import { describe, expect, it } from 'vitest';
import { OfflineKeypad } from './offline-keypad.ts';

const key = sitePinKey('petti-development-device-key', 'bus-stand');
const lockers = ['bus-stand-L01', 'bus-stand-M01', 'bus-stand-M02', 'bus-stand-S01'];
const at = (iso: string) => new Date(iso);
const pin = (p: string, rest: Partial<ControllerPin> & { from: string; until: string }): ControllerPin => ({
  hash: pinHash(key, p),
  lockerId: 'bus-stand-M01',
  bookingId: `b-${p}`,
  once: false,
  ...rest,
});

function keypad(pins: ControllerPin[], listAt = '2026-11-28T09:00:00.000Z') {
  const k = new OfflineKeypad(key);
  k.receive({ at: listAt, lockers, pins });
  k.heard(at(listAt));
  return k;
}

describe('a controller checking PINs offline', () => {
  const window = { from: '2026-11-28T10:00:00.000Z', until: '2026-11-28T14:00:00.000Z' };

  it('opens a listed PIN from the first millisecond of its window to the last, and never outside', () => {
    const k = keypad([pin('482913', window)]);
    expect(k.check('482913', at('2026-11-28T09:59:59.999Z'))).toEqual({ ok: false, reason: 'not_yet' });
    expect(k.check('482913', at('2026-11-28T10:00:00.000Z'))).toMatchObject({
      ok: true,
      lockerId: 'bus-stand-M01',
      via: 'list',
      bookingId: 'b-482913',
    });
    expect(k.check('482913', at('2026-11-28T13:59:59.999Z')).ok).toBe(true);
    expect(k.check('482913', at('2026-11-28T14:00:00.000Z'))).toEqual({ ok: false, reason: 'expired' });
  });

  it('keeps a PIN whose booking ended while offline until its window ends: it has no way to know', () => {
    const k = keypad([pin('482913', window)]);
    // The booking was ended in the app at 11:00; the controller never heard.
    expect(k.check('482913', at('2026-11-28T12:00:00Z')).ok).toBe(true);
    expect(k.check('482913', at('2026-11-28T14:00:01Z')).ok).toBe(false);
    // Once a newer list comes (the site is back), the PIN is gone at once.
    k.receive({ at: '2026-11-28T12:30:00.000Z', lockers, pins: [] });
    expect(k.check('482913', at('2026-11-28T12:31:00Z'))).toEqual({ ok: false, reason: 'unknown_pin' });
  });

  it('never takes an older list over a newer one (lists may arrive out of order)', () => {
    const k = keypad([pin('482913', window)], '2026-11-28T11:00:00.000Z');
    k.receive({ at: '2026-11-28T10:00:00.000Z', lockers, pins: [] });
    expect(k.check('482913', at('2026-11-28T12:00:00Z')).ok).toBe(true);
  });

  it('opens a one-time pickup PIN once, even offline', () => {
    const k = keypad([pin('350917', { ...window, once: true })]);
    expect(k.check('350917', at('2026-11-28T11:00:00Z')).ok).toBe(true);
    expect(k.check('350917', at('2026-11-28T11:01:00Z'))).toEqual({ ok: false, reason: 'used' });
  });

  it('pauses from the third wrong PIN, and closes at the fourth of the day offline until the site is back', () => {
    const k = keypad([pin('482913', window)]);
    const t0 = at('2026-11-28T11:00:00Z').getTime();
    // One wrong PIN answered while the site was still online counts here too.
    k.wrongOnline(new Date(t0 - 3_600_000));
    expect(k.check('100001', new Date(t0)).ok).toBe(false);
    expect(k.check('100002', new Date(t0 + 1000)).ok).toBe(false);
    // The third of the day pauses the keypad: even the right PIN waits.
    expect(k.check('482913', new Date(t0 + 2000))).toMatchObject({
      ok: false,
      reason: 'locked_out',
      retryAfterSeconds: 299,
    });
    expect(k.check('482913', new Date(t0 + 1000 + 5 * 60_000)).ok).toBe(true);
    expect(k.check('100003', new Date(t0 + 10 * 60_000)).ok).toBe(false);
    // The fourth closed it: no PIN at all, however long, until the server is heard again.
    const closed = k.check('482913', new Date(t0 + 2 * 3_600_000));
    expect(closed).toEqual({ ok: false, reason: 'locked_out', closed: true });
    expect(k.check('482913', new Date(t0 + 2 * 86_400_000)).ok).toBe(false);
  });

  it('counts afresh once an operator reopened the keypad while the site was online', () => {
    const k = keypad([pin('482913', window)]);
    const t0 = at('2026-11-28T11:00:00Z').getTime();
    for (let i = 0; i < 4; i++) k.wrongOnline(new Date(t0 - 3_600_000 + i * 1000));
    expect(k.check('482913', new Date(t0)).ok).toBe(false);
    k.reopened(new Date(t0 - 60_000));
    expect(k.check('482913', new Date(t0)).ok).toBe(true);
  });

  it('never opens a locker held at the cut with a derived PIN, even after its booking ran out', () => {
    // M01's booking ended at 14:00 while offline, its things still inside; S01 holds an overstay (not
    // listed: its last open needs the server); both are in the list's `held`.
    const k = new OfflineKeypad(key);
    k.receive({
      at: '2026-11-28T09:00:00.000Z',
      lockers,
      pins: [pin('482913', window)],
      held: ['bus-stand-M01', 'bus-stand-S01'],
    });
    k.heard(at('2026-11-28T09:00:00.000Z'));
    const later = { from: at('2026-11-28T15:00:00Z'), hours: 2 };
    expect(
      k.check(derivedPin(key, lockers.indexOf('bus-stand-M01'), later), at('2026-11-28T15:10:00Z')).ok,
    ).toBe(false);
    expect(
      k.check(derivedPin(key, lockers.indexOf('bus-stand-S01'), later), at('2026-11-28T15:11:00Z')).ok,
    ).toBe(false);
    expect(
      k.check(derivedPin(key, lockers.indexOf('bus-stand-M02'), later), at('2026-11-28T15:12:00Z')).ok,
    ).toBe(true);
  });

  it('opens a derived PIN on its locker in its window, if no listed PIN holds that locker', () => {
    const k = keypad([pin('482913', window)]);
    const booking = derivedWindow(at('2026-11-28T10:20:00Z'), at('2026-11-28T12:20:00Z'));
    const onFree = derivedPin(key, lockers.indexOf('bus-stand-M02'), booking);
    const onHeld = derivedPin(key, lockers.indexOf('bus-stand-M01'), booking);
    expect(k.check(onFree, at('2026-11-28T09:59:00Z'))).toEqual({ ok: false, reason: 'unknown_pin' });
    expect(k.check(onFree, at('2026-11-28T10:05:00Z'))).toEqual({
      ok: true,
      lockerId: 'bus-stand-M02',
      via: 'derived',
    });
    expect(k.check(onFree, at('2026-11-28T12:59:59Z')).ok).toBe(true);
    expect(k.check(onFree, at('2026-11-28T13:00:00Z')).ok).toBe(false);
    // M01 holds a listed booking now: a derived PIN for it does not open it.
    expect(k.check(onHeld, at('2026-11-28T11:00:00Z'))).toEqual({ ok: false, reason: 'unknown_pin' });
  });

  it('lets the first derived PIN used on a locker keep it until the site is back: another derived PIN for it opens nothing', () => {
    const k = keypad([]);
    const index = lockers.indexOf('bus-stand-S01');
    const first = derivedPin(key, index, { from: at('2026-11-28T10:00:00Z'), hours: 3 });
    const other = derivedPin(key, index, { from: at('2026-11-28T11:00:00Z'), hours: 1 });
    const after = derivedPin(key, index, { from: at('2026-11-28T14:00:00Z'), hours: 1 });
    expect(k.check(first, at('2026-11-28T11:10:00Z')).ok).toBe(true);
    expect(k.check(other, at('2026-11-28T11:20:00Z')).ok).toBe(false);
    expect(k.check(first, at('2026-11-28T11:30:00Z')).ok).toBe(true);
    // Its window is over, but its things may still be inside.
    expect(k.check(after, at('2026-11-28T14:10:00Z')).ok).toBe(false);
  });

  it('refuses what is neither six nor ten digits, and knows no PIN before it has a list', () => {
    for (const typed of ['12345', '1234567', '12345678901'])
      expect(keypad([]).check(typed, at('2026-11-28T11:00:00Z'))).toEqual({
        ok: false,
        reason: 'bad_format',
      });
    const bare = new OfflineKeypad(key);
    expect(bare.check('482913', at('2026-11-28T11:00:00Z'))).toEqual({ ok: false, reason: 'unknown_pin' });
  });
});

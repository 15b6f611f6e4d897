import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePin, isGuessablePin, isPinFormat, pinUsableAt } from './locker-pin.ts';

describe('dynamic PIN', () => {
  it('is exactly six digits', () => {
    expect(isPinFormat('048213')).toBe(true);
    expect(isPinFormat('48213')).toBe(false);
    expect(isPinFormat('0482135')).toBe(false);
    expect(isPinFormat('04821a')).toBe(false);
  });

  it.each(['000000', '777777', '123456', '234567', '987654', '890123', '109876', '121212', '909090'])(
    'never issues the guessable %s',
    (pin) => expect(isGuessablePin(pin)).toBe(true),
  );

  it.each(['048213', '350917', '112233'])('accepts %s', (pin) => expect(isGuessablePin(pin)).toBe(false));

  it('generates six digits that are neither guessable nor in the avoid set', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 999_999 }), { maxLength: 50 }),
        (seed, taken) => {
          let s = seed;
          const rand = (max: number) => {
            s = (s * 1103515245 + 12345) % 2 ** 31;
            return s % max;
          };
          const avoid = new Set(taken.map((n) => String(n).padStart(6, '0')));
          const pin = generatePin(rand, avoid);
          expect(isPinFormat(pin)).toBe(true);
          expect(isGuessablePin(pin)).toBe(false);
          expect(avoid.has(pin)).toBe(false);
        },
      ),
    );
  });

  it('keeps drawing past taken and guessable PINs', () => {
    const draws = [123456, 111111, 482913, 593021];
    const pin = generatePin(() => draws.shift()!, new Set(['482913']));
    expect(pin).toBe('593021');
  });

  describe('when a typed PIN may open the door', () => {
    const startsAt = new Date('2026-11-20T10:00:00Z');
    const pinExpiresAt = new Date('2026-11-20T12:00:00Z');
    const at = (iso: string) => new Date(iso);
    it('from the start until the booking ends', () => {
      expect(pinUsableAt({ startsAt, pinExpiresAt, state: 'reserved' }, at('2026-11-20T10:00:00Z'))).toBe(
        'ok',
      );
      expect(pinUsableAt({ startsAt, pinExpiresAt, state: 'active' }, at('2026-11-20T11:59:59Z'))).toBe('ok');
      expect(pinUsableAt({ startsAt, pinExpiresAt, state: 'active' }, at('2026-11-20T12:00:00Z'))).toBe(
        'expired',
      );
    });
    it('not before a scheduled start, even though the PIN is already known', () => {
      expect(pinUsableAt({ startsAt, pinExpiresAt, state: 'scheduled' }, at('2026-11-20T09:50:00Z'))).toBe(
        'not_yet',
      );
    });
    it('during overstay (the overstay charge decides) and never once it is over', () => {
      expect(pinUsableAt({ startsAt, pinExpiresAt, state: 'expired' }, at('2026-11-20T14:00:00Z'))).toBe(
        'ok',
      );
      expect(pinUsableAt({ startsAt, pinExpiresAt, state: 'ended' }, at('2026-11-20T11:00:00Z'))).toBe(
        'not_live',
      );
    });
  });
});

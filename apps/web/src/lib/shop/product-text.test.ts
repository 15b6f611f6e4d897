import { describe, expect, it } from 'vitest';
import { isOpenAt, localName, percentOff, unitLabel } from './product-text.ts';

describe('catalog text helpers', () => {
  it('names in the language', () => {
    expect(localName({ en: 'Sweets', ta: 'இனிப்புகள்' }, 'ta')).toBe('இனிப்புகள்');
    expect(localName({ en: 'Sweets', ta: null }, 'ta')).toBe('Sweets');
    expect(localName('Sweets', 'ta')).toBe('Sweets');
  });

  it('labels sizes', () => {
    expect(unitLabel(5, 'kg')).toBe('5 kg');
    expect(unitLabel(0.5, 'kg')).toBe('0.5 kg');
    expect(unitLabel(1 / 3, 'l')).toBe('0.33 l');
  });

  it('works out percent off, whole and never negative', () => {
    expect(percentOff(33000, 36000)).toBe(8);
    expect(percentOff(100, 100)).toBe(0);
    expect(percentOff(120, 100)).toBe(0);
  });

  it('knows opening hours in Sivakasi time', () => {
    const hours = { open: '07:00', close: '22:00' };
    expect(isOpenAt(hours, new Date('2026-11-23T01:30:00Z'))).toBe(true); // 07:00 IST
    expect(isOpenAt(hours, new Date('2026-11-23T01:29:00Z'))).toBe(false); // 06:59 IST
    expect(isOpenAt(hours, new Date('2026-11-23T16:30:00Z'))).toBe(false); // 22:00 IST
    expect(isOpenAt({ open: '18:00', close: '02:00' }, new Date('2026-11-23T19:30:00Z'))).toBe(true); // 01:00 IST
  });
});

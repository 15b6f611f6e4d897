import { describe, expect, it } from 'vitest';
import { localName, percentOff, unitLabel } from './product-text.ts';

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
});

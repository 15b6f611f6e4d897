import { describe, expect, it } from 'vitest';
import { isEmailAddress, isWebAddress, localName } from './seller-text.ts';

describe('seller form checks', () => {
  it('accepts web addresses and refuses the rest', () => {
    expect(isWebAddress('https://instagram.com/murugan')).toBe(true);
    expect(isWebAddress('http://shop.in')).toBe(true);
    expect(isWebAddress('instagram.com/murugan')).toBe(false);
    expect(isWebAddress('ftp://shop.in')).toBe(false);
    expect(isWebAddress('https://localhost')).toBe(false);
  });

  it('checks an email shape', () => {
    expect(isEmailAddress('meena@example.com')).toBe(true);
    expect(isEmailAddress('meena@')).toBe(false);
    expect(isEmailAddress('meena example@x.com')).toBe(false);
  });

  it('picks the name in the language, falling back to English', () => {
    expect(localName({ en: 'Grocery', ta: 'மளிகை' }, 'ta')).toBe('மளிகை');
    expect(localName({ en: 'Grocery' }, 'ta')).toBe('Grocery');
    expect(localName('Bakery', 'ta')).toBe('Bakery');
    expect(localName(null, 'en')).toBe('');
  });
});

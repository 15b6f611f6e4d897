import { describe, expect, it } from 'vitest';
import { displayPhone, maskPhone, normalisePhone } from './phone.ts';

describe('normalisePhone', () => {
  it.each([
    ['9876543210', '919876543210'],
    ['+919876543210', '919876543210'],
    ['919876543210', '919876543210'],
    ['+91 98765-43210', '919876543210'],
    ['6000000000', '916000000000'],
  ])('accepts %s', (input, wire) => {
    expect(normalisePhone(input)).toBe(wire);
  });

  it.each(['5876543210', '98765', '98765432101', '+14155550100', 'abcdefghij', '', '0919876543210'])(
    'refuses %s',
    (input) => {
      expect(normalisePhone(input)).toBeNull();
    },
  );

  it('displays and masks', () => {
    expect(displayPhone('919876543210')).toBe('+91 9876543210');
    expect(maskPhone('919876543210')).toBe('+91******3210');
  });
});

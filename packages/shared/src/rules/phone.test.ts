import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPhone,
  displayPhone,
  maskPhone,
  normalisePhone,
  PHONE_INPUT_PATTERN,
  PHONE_MESSAGE,
} from './phone.ts';

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

describe('checkPhone, the sign-in screen’s check without zod', () => {
  it('answers the wire form, or the one message the API gives', async () => {
    const { phoneSchema } = await import('../schemas/auth.ts');
    for (const input of [
      '98765 43210',
      '+91 98765-43210',
      '919876543210',
      '12345',
      '',
      `9${'8'.repeat(25)}`,
      ' +91 98765 43210 ',
    ]) {
      const checked = checkPhone(input);
      const parsed = phoneSchema.safeParse(input);
      if ('wire' in checked) expect(parsed).toMatchObject({ success: true, data: checked.wire });
      else {
        expect(checked.message).toBe(PHONE_MESSAGE);
        expect(parsed.success).toBe(false);
        expect(parsed.error?.issues.map((i) => i.message)).toEqual([PHONE_MESSAGE]);
      }
    }
    expect(checkPhone('98765 43210')).toEqual({ wire: '919876543210' });
    expect(checkPhone(`98765 43210${' '.repeat(10)}`)).toEqual({ message: PHONE_MESSAGE });
  });
});

describe('PHONE_INPUT_PATTERN, the API document’s statement of the rule', () => {
  it('takes exactly what normalisePhone takes', () => {
    const re = new RegExp(PHONE_INPUT_PATTERN, 'u');
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'+91 -06789'.split('')), maxLength: 18 }), (typed) => {
        expect(re.test(typed)).toBe(normalisePhone(typed) !== null);
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.stringMatching(re), (typed) => {
        expect(normalisePhone(typed)).not.toBeNull();
      }),
    );
  });
});

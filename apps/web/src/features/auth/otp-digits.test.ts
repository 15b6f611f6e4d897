import { describe, expect, it } from 'vitest';
import { applyBackspace, applyInput, codeOf, emptyDigits, extractCode, isComplete } from './otp-digits.ts';

const digits = (text: string) =>
  text
    .padEnd(6, ' ')
    .split('')
    .map((c) => (c === ' ' ? '' : c));

describe('code boxes', () => {
  it('fill one box per typed digit and move on', () => {
    let state = { digits: emptyDigits(), focus: 0 };
    for (const d of '4827') state = applyInput(state.digits, state.focus, d);
    expect(state).toEqual({ digits: digits('4827'), focus: 4 });
    state = applyInput(state.digits, 4, '1');
    state = applyInput(state.digits, 5, '9');
    expect(isComplete(state.digits)).toBe(true);
    expect(codeOf(state.digits)).toBe('482719');
    expect(state.focus).toBe(5);
  });

  it('ignore anything but digits', () => {
    expect(applyInput(emptyDigits(), 0, 'a')).toEqual({ digits: emptyDigits(), focus: 0 });
    expect(isComplete(digits('12 456'))).toBe(false);
  });

  it('replace a digit typed over, wherever the caret was', () => {
    expect(applyInput(digits('3'), 0, '37').digits[0]).toBe('7');
    expect(applyInput(digits('3'), 0, '73').digits[0]).toBe('7');
    expect(applyInput(digits('3'), 0, '5')).toEqual({ digits: digits('5'), focus: 1 });
  });

  it('spread a pasted or auto-filled code over every box, from the first', () => {
    expect(applyInput(emptyDigits(), 0, '123456')).toEqual({ digits: digits('123456'), focus: 5 });
    expect(applyInput(digits('9'), 3, '654321').digits).toEqual(digits('654321'));
    expect(applyInput(emptyDigits(), 0, '123 456').digits).toEqual(digits('123456'));
    expect(applyInput(emptyDigits(), 2, '12')).toEqual({ digits: digits('  12'), focus: 4 });
  });

  it('go back with Backspace from an empty box', () => {
    expect(applyBackspace(digits('123'), 2)).toEqual({ digits: digits('12'), focus: 2 });
    expect(applyBackspace(digits('12'), 2)).toEqual({ digits: digits('1'), focus: 1 });
    expect(applyBackspace(emptyDigits(), 0)).toEqual({ digits: emptyDigits(), focus: 0 });
  });

  it('clear a box whose digit was deleted', () => {
    expect(applyInput(digits('123'), 1, '')).toEqual({ digits: digits('1 3'), focus: 1 });
  });
});

describe('extractCode', () => {
  it('finds the code in an SMS or in spaced digits', () => {
    expect(extractCode('123456 is your Petti code. It expires in 3 minutes.')).toBe('123456');
    expect(extractCode('Your code: 987654\n@petti.in #987654')).toBe('987654');
    expect(extractCode('123 456')).toBe('123456');
    expect(extractCode('12-34-56')).toBe('123456');
  });

  it('refuses text without a code', () => {
    expect(extractCode('12345')).toBeNull();
    expect(extractCode('call 9876543210')).toBeNull();
    expect(extractCode('hello')).toBeNull();
  });
});

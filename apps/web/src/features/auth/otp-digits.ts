/** The code boxes' logic, kept out of React so it can be tested: six digits, one per box. */
export const OTP_LENGTH = 6;

export type Digits = readonly string[];

export interface BoxesState {
  digits: string[];
  /** The box to focus next. */
  focus: number;
}

export function emptyDigits(): string[] {
  return Array.from({ length: OTP_LENGTH }, () => '');
}

export function codeOf(digits: Digits): string {
  return digits.join('');
}

export function isComplete(digits: Digits): boolean {
  return digits.length === OTP_LENGTH && digits.every((d) => /^\d$/.test(d));
}

/**
 * The code in pasted or auto-filled text: a 6-digit group ("123456 is your Petti code"), else the
 * first six digits of text that is only digits and spaces ("123 456"). Null when there is none.
 */
export function extractCode(text: string): string | null {
  const group = /(?:^|\D)(\d{6})(?!\d)/.exec(text);
  if (group?.[1]) return group[1];
  if (/^[\d\s-]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits.length >= OTP_LENGTH) return digits.slice(0, OTP_LENGTH);
  }
  return null;
}

/**
 * A box's new value after typing, pasting or an autofill into box `index`.
 * One digit fills the box and moves on; several digits (a paste, or Android / iOS filling the
 * whole code into the first box) fill from that box onward — a whole code always from the first.
 * Typing into a box that already holds a digit replaces it. Anything but digits is ignored.
 */
export function applyInput(digits: Digits, index: number, raw: string): BoxesState {
  const next = [...digits];
  const whole = raw.length > 2 ? extractCode(raw) : null;
  if (whole) return { digits: whole.split(''), focus: OTP_LENGTH - 1 };
  let typed = raw.replace(/\D/g, '');
  const old = digits[index] ?? '';
  // The caret was beside the old digit: "37" or "73" in a box that held "3" means "7".
  if (old && typed.length === 2 && typed.includes(old)) typed = typed.replace(old, '');
  if (typed === '') {
    if (raw === '') next[index] = '';
    return { digits: next, focus: index };
  }
  let at = index;
  for (const digit of typed) {
    if (at >= OTP_LENGTH) break;
    next[at] = digit;
    at++;
  }
  return { digits: next, focus: Math.min(at, OTP_LENGTH - 1) };
}

/** Backspace in box `index`: clears it, or when it is already empty, clears and goes to the one before. */
export function applyBackspace(digits: Digits, index: number): BoxesState {
  const next = [...digits];
  if (next[index]) {
    next[index] = '';
    return { digits: next, focus: index };
  }
  const previous = Math.max(0, index - 1);
  next[previous] = '';
  return { digits: next, focus: previous };
}

/**
 * Indian mobile numbers. On the wire a number is 12 digits: `91` then the 10-digit mobile number
 * starting 6–9 (docs/product.md#phone-numbers). `+91…`, `91…` and bare 10-digit input are accepted and
 * normalised.
 */
const MOBILE = /^[6-9]\d{9}$/;

/** Spaces and hyphens a person may type anywhere in a number or a code, as a pattern's piece. */
export const GAPS = '[\\s-]*';
/**
 * `normalisePhone`'s rule as one regular expression over the typed text, for the API document: an
 * optional `+91` or `91`, then the 10-digit mobile number, with spaces and hyphens anywhere.
 */
export const PHONE_INPUT_PATTERN = `^${GAPS}(?:\\+${GAPS}9${GAPS}1${GAPS}|9${GAPS}1${GAPS})?[6-9](?:${GAPS}\\d){9}${GAPS}$`;
/** A number as the API gives it back and as some bodies must carry it: `91` and the 10 digits. */
export const PHONE_WIRE_PATTERN = '^91[6-9]\\d{9}$';

/** Shared by the sign-in forms and the server: one rule, one message. */
export const PHONE_MESSAGE = 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9';
/** Longer input is refused before it is looked at. */
export const PHONE_MAX_INPUT = 20;

/**
 * A typed phone number checked as the API checks it (`phoneSchema` is this in zod), for a form that
 * must not load zod to check one field (the sign-in screen, docs/performance.md).
 */
export function checkPhone(input: string): { wire: string } | { message: string } {
  const wire = input.length <= PHONE_MAX_INPUT ? normalisePhone(input) : null;
  return wire ? { wire } : { message: PHONE_MESSAGE };
}

export function normalisePhone(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  let mobile: string;
  if (compact.startsWith('+91')) mobile = compact.slice(3);
  else if (compact.length === 12 && compact.startsWith('91')) mobile = compact.slice(2);
  else mobile = compact;
  return MOBILE.test(mobile) ? `91${mobile}` : null;
}

/** `91XXXXXXXXXX` → `+91 XXXXXXXXXX`. */
export function displayPhone(wire: string): string {
  return `+91 ${wire.slice(2)}`;
}

/** Masked destination for code delivery details, e.g. `+91******3210`. */
export function maskPhone(wire: string): string {
  return `+91******${wire.slice(-4)}`;
}

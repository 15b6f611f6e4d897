/**
 * Indian mobile numbers. On the wire a number is 12 digits: `91` then the 10-digit mobile number
 * starting 6–9 (docs/product.md#phone-numbers). `+91…`, `91…` and bare 10-digit input are accepted and
 * normalised.
 */
const MOBILE = /^[6-9]\d{9}$/;

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

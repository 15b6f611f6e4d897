/**
 * The mobile-number field shows a fixed "+91" and takes the 10-digit number. What people type or
 * paste often carries more: "+91 98765 43210", "098765-43210", "919876543210". Keep the number.
 */
export const MOBILE_DIGITS = 10;

export function toMobileDigits(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.length > MOBILE_DIGITS && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length > MOBILE_DIGITS && digits.startsWith('0')) digits = digits.replace(/^0+/, '');
  return digits.slice(0, MOBILE_DIGITS);
}

/** The 10-digit number inside a wire number (`91XXXXXXXXXX`), for prefilling the field. */
export function mobileFromWire(wire: string | null | undefined): string {
  return wire ? toMobileDigits(wire) : '';
}

import { STORAGE_KEYS } from '@petti/shared/constants';
import type { SignInResult, SignUpResult } from '@petti/shared/schemas/auth';
import { returnPath } from '../../lib/sign-in-guard.ts';
import { type KeyValueStorage, readItem } from '../../lib/storage.ts';

/**
 * A code on its way: what /otp needs to finish signing up or signing in. Kept in the tab's session
 * storage (docs/product.md#sign-up-and-sign-in-steps: Android often reloads the tab while the user reads the
 * SMS), so a reload keeps the sign-in going; once it is gone, /otp says so and leads back to /login.
 * Times are ISO strings on the server's clock.
 */
export type OtpPurpose = 'sign_up' | 'sign_in';

export interface OtpChallenge {
  purpose: OtpPurpose;
  /** 12-digit wire number, `91XXXXXXXXXX`. */
  phone: string;
  /** Masked, e.g. `+91******3210`. */
  destination: string;
  /** The sign-in challenge's session (sign-in only). */
  session?: string;
  expiresAt?: string;
  resendAfter?: string;
  attemptsLeft?: number;
  /** Set when this code can no longer be answered: a new one is needed. */
  ended?: 'expired' | 'exhausted';
  /** Where to go once signed in (the guard's `from`, else the dashboard). */
  returnTo: string;
}

/**
 * Client-side guesses for a sign-up code, whose answer carries no times (docs/product.md#sign-in-codes: 3
 * min, 30 s).
 */
export const SIGN_UP_CODE_TTL_MS = 180_000;
export const SIGN_UP_RESEND_MS = 30_000;

const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';

export function readChallenge(storage: KeyValueStorage): OtpChallenge | null {
  const raw = readItem(storage, STORAGE_KEYS.otpSession);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<OtpChallenge> | null;
    if (!value || typeof value !== 'object') return null;
    if (value.purpose !== 'sign_up' && value.purpose !== 'sign_in') return null;
    if (!isString(value.phone) || !/^91[6-9]\d{9}$/.test(value.phone)) return null;
    if (value.purpose === 'sign_in' && !isString(value.session)) return null;
    return {
      purpose: value.purpose,
      phone: value.phone,
      destination: isString(value.destination) ? value.destination : `+91******${value.phone.slice(-4)}`,
      session: isString(value.session) ? value.session : undefined,
      expiresAt: isString(value.expiresAt) ? value.expiresAt : undefined,
      resendAfter: isString(value.resendAfter) ? value.resendAfter : undefined,
      attemptsLeft: typeof value.attemptsLeft === 'number' ? value.attemptsLeft : undefined,
      ended: value.ended === 'expired' || value.ended === 'exhausted' ? value.ended : undefined,
      // Only a path inside the app (the guard's rule for `from`).
      returnTo: returnPath({ from: value.returnTo }),
    };
  } catch {
    return null;
  }
}

export function writeChallenge(storage: KeyValueStorage, challenge: OtpChallenge): void {
  try {
    storage.setItem(STORAGE_KEYS.otpSession, JSON.stringify(challenge));
  } catch {
    // A full or refused storage only loses the reload-safety; the page keeps its own copy.
  }
}

export function clearChallenge(storage: KeyValueStorage): void {
  try {
    storage.removeItem(STORAGE_KEYS.otpSession);
  } catch {
    // nothing stored
  }
}

/** The challenge a started sign-in answered with. */
export function challengeFromSignIn(result: SignInResult, phone: string, returnTo: string): OtpChallenge {
  const info = result.nextStep.additionalInfo;
  return {
    purpose: 'sign_in',
    phone,
    destination: info?.codeDeliveryDetails.destination ?? `+91******${phone.slice(-4)}`,
    session: result.session,
    expiresAt: info?.expiresAt,
    resendAfter: info?.resendAfter,
    attemptsLeft: info?.attemptsLeft,
    returnTo,
  };
}

/** The challenge a sign-up that sent a code answered with; its times are estimated from `serverNow`. */
export function challengeFromSignUp(
  result: SignUpResult,
  phone: string,
  returnTo: string,
  serverNow: number,
): OtpChallenge {
  return {
    purpose: 'sign_up',
    phone,
    destination: result.nextStep.codeDeliveryDetails?.destination ?? `+91******${phone.slice(-4)}`,
    expiresAt: new Date(serverNow + SIGN_UP_CODE_TTL_MS).toISOString(),
    resendAfter: new Date(serverNow + SIGN_UP_RESEND_MS).toISOString(),
    returnTo,
  };
}

/** After a new code was sent (resend, or a new sign-in challenge): fresh times and attempts. */
export function withNewCode(
  challenge: OtpChallenge,
  sent: {
    expiresAt?: string;
    resendAfter?: string;
    session?: string;
    attemptsLeft?: number;
    destination?: string;
  },
): OtpChallenge {
  return {
    ...challenge,
    session: sent.session ?? challenge.session,
    expiresAt: sent.expiresAt ?? challenge.expiresAt,
    resendAfter: sent.resendAfter ?? challenge.resendAfter,
    destination: sent.destination ?? challenge.destination,
    attemptsLeft: sent.attemptsLeft,
    ended: undefined,
  };
}

import { STORAGE_KEYS } from '@petti/shared/constants';
import type { SignInResult, SignUpResult } from '@petti/shared/schemas/auth';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/storage.ts';
import { readAuthState } from './auth-state.ts';
import {
  challengeFromSignIn,
  challengeFromSignUp,
  clearChallenge,
  readChallenge,
  SIGN_UP_CODE_TTL_MS,
  SIGN_UP_RESEND_MS,
  withNewCode,
  writeChallenge,
} from './otp-session.ts';

const signInResult: SignInResult = {
  isSignedIn: false,
  nextStep: {
    signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
    additionalInfo: {
      attemptsLeft: 3,
      expiresAt: '2025-01-01T00:03:00.000Z',
      resendAfter: '2025-01-01T00:00:30.000Z',
      codeDeliveryDetails: {
        deliveryMedium: 'SMS',
        destination: '+91******3210',
        attributeName: 'phone_number',
      },
    },
  },
  session: 'opaque-session',
};

describe('the code challenge in session storage', () => {
  it('survives a reload: written, then read back the same', () => {
    const storage = memoryStorage();
    const challenge = challengeFromSignIn(signInResult, '919876543210', '/bookings');
    writeChallenge(storage, challenge);
    expect(readChallenge(storage)).toEqual(challenge);
    expect(challenge).toMatchObject({
      purpose: 'sign_in',
      session: 'opaque-session',
      attemptsLeft: 3,
      destination: '+91******3210',
      returnTo: '/bookings',
    });
    clearChallenge(storage);
    expect(readChallenge(storage)).toBeNull();
  });

  it('is treated as gone when it is damaged or incomplete', () => {
    for (const raw of [
      '{not json',
      'null',
      JSON.stringify({ purpose: 'sign_in', phone: '919876543210' }), // no session
      JSON.stringify({ purpose: 'sign_up', phone: '12345' }),
      JSON.stringify({ purpose: 'other', phone: '919876543210' }),
    ]) {
      expect(readChallenge(memoryStorage({ [STORAGE_KEYS.otpSession]: raw })), raw).toBeNull();
    }
    const odd = readChallenge(
      memoryStorage({
        [STORAGE_KEYS.otpSession]: JSON.stringify({
          purpose: 'sign_up',
          phone: '919876543210',
          returnTo: '//evil',
        }),
      }),
    );
    expect(odd).toMatchObject({ returnTo: '/dashboard', destination: '+91******3210' });
  });

  it('estimates a sign-up code’s times from the server clock', () => {
    const result: SignUpResult = {
      isSignUpComplete: false,
      nextStep: {
        signUpStep: 'CONFIRM_SIGN_UP',
        codeDeliveryDetails: {
          deliveryMedium: 'SMS',
          destination: '+91******3210',
          attributeName: 'phone_number',
        },
      },
      userId: 'u1',
    };
    const now = Date.parse('2025-01-01T00:00:00Z');
    const challenge = challengeFromSignUp(result, '919876543210', '/dashboard', now);
    expect(Date.parse(challenge.expiresAt ?? '') - now).toBe(SIGN_UP_CODE_TTL_MS);
    expect(Date.parse(challenge.resendAfter ?? '') - now).toBe(SIGN_UP_RESEND_MS);
  });

  it('starts afresh with a new code', () => {
    const ended = {
      ...challengeFromSignIn(signInResult, '919876543210', '/x'),
      ended: 'exhausted' as const,
      attemptsLeft: 0,
    };
    const next = withNewCode(ended, { expiresAt: 'e2', resendAfter: 'r2' });
    expect(next).toMatchObject({ expiresAt: 'e2', resendAfter: 'r2', session: 'opaque-session' });
    expect(next.ended).toBeUndefined();
    expect(next.attemptsLeft).toBeUndefined();
  });
});

describe('readAuthState', () => {
  it('keeps the guard’s from and a clean number', () => {
    expect(readAuthState({ from: '/bookings', phone: '+91 98765 43210' })).toEqual({
      from: '/bookings',
      phone: '9876543210',
    });
    expect(readAuthState(null)).toEqual({});
    expect(readAuthState({ phone: 42 })).toEqual({});
  });
});

import { STORAGE_KEYS } from '@petti/shared/constants';
import { describe, expect, it } from 'vitest';
import { clearSession, setExistingUser, setSession } from './auth-storage.ts';
import { canEnter, returnPath } from './sign-in-guard.ts';
import { memoryStorage } from './storage.ts';

const session = { userId: 'u-1', accessToken: 'access', refreshToken: 'refresh' };

describe('canEnter', () => {
  it('refuses an empty device', () => {
    expect(canEnter(memoryStorage())).toBe(false);
  });

  it('allows a stored access token for the last user plus the existing-user flag', () => {
    const storage = memoryStorage();
    setSession(session, storage);
    setExistingUser(storage);
    expect(canEnter(storage)).toBe(true);
    expect(storage.getItem(`${STORAGE_KEYS.accessTokenPrefix}u-1`)).toBe('access');
    expect(storage.getItem(STORAGE_KEYS.lastUser)).toBe('u-1');
    expect(storage.getItem(STORAGE_KEYS.existingUser)).toBe('true');
  });

  it('refuses a token without the existing-user flag', () => {
    const storage = memoryStorage();
    setSession(session, storage);
    expect(canEnter(storage)).toBe(false);
  });

  it('refuses the flag without a token', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.existingUser]: 'true', [STORAGE_KEYS.lastUser]: 'u-1' });
    expect(canEnter(storage)).toBe(false);
  });

  it('refuses a flag that is not exactly "true"', () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.lastUser]: 'u-1',
      [`${STORAGE_KEYS.accessTokenPrefix}u-1`]: 'access',
      [STORAGE_KEYS.existingUser]: 'false',
    });
    expect(canEnter(storage)).toBe(false);
  });

  it('looks only at the last signed-in user’s token', () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.lastUser]: 'u-2',
      [`${STORAGE_KEYS.accessTokenPrefix}u-1`]: 'access',
      [STORAGE_KEYS.existingUser]: 'true',
    });
    expect(canEnter(storage)).toBe(false);
  });

  it('refuses after clearSession', () => {
    const storage = memoryStorage();
    setSession(session, storage);
    setExistingUser(storage);
    clearSession(storage);
    expect(canEnter(storage)).toBe(false);
    expect(storage.getItem(`${STORAGE_KEYS.refreshTokenPrefix}u-1`)).toBeNull();
  });

  it('treats a storage that throws as signed out', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
      removeItem: () => {},
    };
    expect(canEnter(broken)).toBe(false);
  });
});

describe('returnPath', () => {
  it('returns the wanted in-app path', () => {
    expect(returnPath({ from: '/bookings?period=recent' })).toBe('/bookings?period=recent');
  });

  it('falls back to the dashboard for missing, foreign or looping targets', () => {
    expect(returnPath(undefined)).toBe('/dashboard');
    expect(returnPath({ from: 'https://evil.example' })).toBe('/dashboard');
    expect(returnPath({ from: '//evil.example' })).toBe('/dashboard');
    expect(returnPath({ from: '/login' })).toBe('/dashboard');
  });
});

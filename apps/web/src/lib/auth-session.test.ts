import { STORAGE_KEYS } from '@petti/shared/constants';
import { describe, expect, it, vi } from 'vitest';
import { createAuthEvents } from './auth-events.ts';
import { clearSession, clientIdFromToken, getClientId, setSession } from './auth-storage.ts';
import { memoryStorage } from './storage.ts';

const base64url = (value: unknown) =>
  Buffer.from(JSON.stringify(value))
    .toString('base64')
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
const jwt = (claims: Record<string, unknown>) => `${base64url({ alg: 'HS256' })}.${base64url(claims)}.sig`;

describe('the stored client id', () => {
  it('is kept with the session and cleared with it', () => {
    const storage = memoryStorage();
    setSession({ userId: 'u1', accessToken: 'a', refreshToken: 'r', clientId: 'petti-web' }, storage);
    expect(getClientId('u1', storage)).toBe('petti-web');
    clearSession(storage);
    expect(getClientId('u1', storage)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.lastUser)).toBeNull();
  });

  it('is read from the access token when it was not stored', () => {
    const storage = memoryStorage();
    setSession(
      { userId: 'u1', accessToken: jwt({ sub: 'u1', client_id: 'petti-web' }), refreshToken: 'r' },
      storage,
    );
    expect(getClientId('u1', storage)).toBe('petti-web');
    expect(clientIdFromToken('not-a-jwt')).toBeNull();
    expect(clientIdFromToken(jwt({ sub: 'u1' }))).toBeNull();
  });
});

describe('auth events', () => {
  it('tell every listener, even when one throws, until it unsubscribes', () => {
    const events = createAuthEvents();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    events.on('signedOut', () => {
      throw new Error('broken listener');
    });
    const off = events.on('signedOut', ({ reason }) => seen.push(reason));
    events.emit('signedOut', { reason: 'expired' });
    off();
    events.emit('signedOut', { reason: 'signedOut' });
    expect(seen).toEqual(['expired']);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});

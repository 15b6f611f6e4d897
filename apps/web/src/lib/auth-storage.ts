import { STORAGE_KEYS } from '@petti/shared/constants';
import { type KeyValueStorage, localStore, readItem } from './storage.ts';

/**
 * Where the session lives on this device (docs/product.md#local-storage): the last signed-in user's id, that
 * user's tokens under per-user keys, and the "existing user" flag. Every function takes an optional
 * storage so tests can pass a memory one; the default is localStorage.
 */

export interface Session {
  userId: string;
  accessToken: string;
  refreshToken: string;
  /** The token's `client_id`, sent back in the `x-client-id` header (docs/product.md#tokens-and-sessions). */
  clientId?: string;
}

/** Where the client id lives; not in STORAGE_KEYS because only this module reads it. */
export const CLIENT_ID_PREFIX = 'clientId.';

/** Fired on window when this tab changes the session; other tabs get the `storage` event. */
export const SESSION_CHANGED_EVENT = 'petti:session-changed';

const accessTokenKey = (userId: string) => `${STORAGE_KEYS.accessTokenPrefix}${userId}`;
const refreshTokenKey = (userId: string) => `${STORAGE_KEYS.refreshTokenPrefix}${userId}`;
const clientIdKey = (userId: string) => `${CLIENT_ID_PREFIX}${userId}`;

export function getLastUser(storage: KeyValueStorage = localStore()): string | null {
  return readItem(storage, STORAGE_KEYS.lastUser) || null;
}

export function getAccessToken(userId: string, storage: KeyValueStorage = localStore()): string | null {
  return readItem(storage, accessTokenKey(userId)) || null;
}

export function getRefreshToken(userId: string, storage: KeyValueStorage = localStore()): string | null {
  return readItem(storage, refreshTokenKey(userId)) || null;
}

/**
 * The client id to send with this user's calls: the stored one, else the `client_id` claim read
 * from the access token (a session stored before the id was kept separately).
 */
export function getClientId(userId: string, storage: KeyValueStorage = localStore()): string | null {
  const stored = readItem(storage, clientIdKey(userId));
  if (stored) return stored;
  const token = getAccessToken(userId, storage);
  return token ? clientIdFromToken(token) : null;
}

/** What a signed-in call carries: the last signed-in user's access token and client id. */
export interface Credentials {
  userId: string;
  accessToken: string;
  clientId: string | null;
}

/** The last signed-in user's credentials, or null when no one is signed in on this device. */
export function storedCredentials(storage: KeyValueStorage = localStore()): Credentials | null {
  const userId = getLastUser(storage);
  if (!userId) return null;
  const accessToken = getAccessToken(userId, storage);
  if (!accessToken) return null;
  return { userId, accessToken, clientId: getClientId(userId, storage) };
}

/** The `client_id` claim of a JWT, without verifying it (the server does that). */
/** The claims of a JWT, unverified (the server verifies; the app only reads its own token). */
function tokenClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json: unknown = JSON.parse(
      atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')),
    );
    return json && typeof json === 'object' ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function clientIdFromToken(token: string): string | null {
  const id = tokenClaims(token)?.client_id;
  return typeof id === 'string' && id ? id : null;
}

/** When the token expires (ms since the epoch), or null if it does not say. */
export function tokenExpiresAt(token: string): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

export function isExistingUser(storage: KeyValueStorage = localStore()): boolean {
  return readItem(storage, STORAGE_KEYS.existingUser) === 'true';
}

export function setExistingUser(storage: KeyValueStorage = localStore()): void {
  storage.setItem(STORAGE_KEYS.existingUser, 'true');
  notify();
}

/** Stores a signed-in user's tokens and makes that user the last signed-in one. */
export function setSession(session: Session, storage: KeyValueStorage = localStore()): void {
  storage.setItem(accessTokenKey(session.userId), session.accessToken);
  storage.setItem(refreshTokenKey(session.userId), session.refreshToken);
  if (session.clientId) storage.setItem(clientIdKey(session.userId), session.clientId);
  storage.setItem(STORAGE_KEYS.lastUser, session.userId);
  notify();
}

/** Forgets the last signed-in user's tokens, the last user and the existing-user flag. */
export function clearSession(storage: KeyValueStorage = localStore()): void {
  const userId = getLastUser(storage);
  if (userId) {
    storage.removeItem(accessTokenKey(userId));
    storage.removeItem(refreshTokenKey(userId));
    storage.removeItem(clientIdKey(userId));
  }
  storage.removeItem(STORAGE_KEYS.lastUser);
  storage.removeItem(STORAGE_KEYS.existingUser);
  notify();
}

/** Calls `listener` whenever the session may have changed, in this tab or another. */
export function subscribeSession(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || isSessionKey(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(SESSION_CHANGED_EVENT, listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(SESSION_CHANGED_EVENT, listener);
  };
}

function isSessionKey(key: string): boolean {
  return (
    key === STORAGE_KEYS.lastUser ||
    key === STORAGE_KEYS.existingUser ||
    key.startsWith(STORAGE_KEYS.accessTokenPrefix) ||
    key.startsWith(STORAGE_KEYS.refreshTokenPrefix)
  );
}

function notify(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

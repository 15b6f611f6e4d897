import type { Tokens } from '@petti/shared/schemas/auth';
import { isApiError } from './api-error.ts';
import {
  type Credentials,
  getAccessToken,
  getLastUser,
  getRefreshToken,
  setSession,
  storedCredentials,
} from './auth-storage.ts';
import type { KeyValueStorage } from './storage.ts';

const REFRESH_LOCK = 'petti-auth-refresh';

/** The signed-in user's credentials, and renewing them once when the server refuses the access token. */
export function createSessionRenewal(deps: {
  storage: () => KeyValueStorage;
  /** Runs `fn` holding a lock shared by the tabs of this origin. */
  lock: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
  onSessionEnded?: () => void | Promise<void>;
  /** Spends the refresh token on new tokens (a public call, never renewed itself). */
  refresh: (refreshToken: string) => Promise<Tokens>;
}) {
  const { lock } = deps;
  let refreshing: Promise<string | null> | null = null;

  function credentials(): Credentials | null {
    return storedCredentials(deps.storage());
  }

  /**
   * A fresh access token after a 401 with `usedToken`, or null when the session is over (and has
   * been ended here). Concurrent callers share one refresh; other tabs wait on the same lock and
   * then see the rotated token instead of spending the old refresh token a second time (which the
   * server would take as theft and answer by ending the session).
   */
  function renewAccess(usedToken: string): Promise<string | null> {
    const current = credentials();
    if (current && current.accessToken !== usedToken) return Promise.resolve(current.accessToken);
    refreshing ??= lock(REFRESH_LOCK, () => refreshLocked(usedToken)).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function refreshLocked(usedToken: string): Promise<string | null> {
    const storage = deps.storage();
    const userId = getLastUser(storage);
    if (!userId) return null;
    const current = getAccessToken(userId, storage);
    if (current && current !== usedToken) return current; // another tab renewed it meanwhile
    const refreshToken = getRefreshToken(userId, storage);
    if (!refreshToken) {
      await endSession();
      return null;
    }
    let tokens: Tokens;
    try {
      tokens = await deps.refresh(refreshToken);
    } catch (error) {
      // No answer (offline): keep the session and let the call fail as a network error.
      if (isApiError(error) && (error.status === 0 || error.status >= 500 || error.status === 429))
        throw error;
      await endSession();
      return null;
    }
    // The user may have signed out (or another user in) while we waited.
    if (getLastUser(storage) !== userId) return null;
    setSession(
      {
        userId,
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        clientId: tokens.clientId,
      },
      storage,
    );
    return tokens.accessToken;
  }

  let ending: Promise<void> | null = null;
  function endSession(): Promise<void> {
    ending ??= Promise.resolve(deps.onSessionEnded?.()).finally(() => {
      ending = null;
    });
    return ending;
  }

  return { credentials, renewAccess, endSession };
}

import { api } from './api.ts';
import { isApiError } from './api-error.ts';
import { getLastUser } from './auth-storage.ts';
import { duringSignOut, endLocalSession } from './session.ts';

export interface SignOutOptions {
  /** Every device (revokes all the user's sessions), not only this one. */
  global?: boolean;
  /** Runs after the server was told and before the session is cleared here (e.g. go to /login). */
  beforeClear?: () => unknown;
}

/**
 * Signs out (docs/product.md#sign-out): tells the server (local revokes this refresh token, global every
 * session), ignoring any error from that call, then clears the session on this device and emits signedOut.
 * Resolves with whether the server heard it, so a global sign-out that could not reach it can say so.
 */
export async function signOut(options: SignOutOptions = {}): Promise<{ reachedServer: boolean }> {
  return duringSignOut(async () => {
    let reachedServer = true;
    if (getLastUser()) {
      try {
        await api.post<void>('/auth/sign-out', options.global ? { global: true } : {}, { timeoutMs: 10_000 });
      } catch (error) {
        reachedServer = isApiError(error) && !error.isNetworkError && error.status < 500;
      }
    }
    await options.beforeClear?.();
    await endLocalSession(options.global ? 'signedOutEverywhere' : 'signedOut');
    return { reachedServer };
  });
}

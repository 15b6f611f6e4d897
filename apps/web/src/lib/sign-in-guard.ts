import { ROUTES } from '@petti/shared/routes';
import { getAccessToken, getLastUser, isExistingUser } from './auth-storage.ts';
import type { KeyValueStorage } from './storage.ts';

/**
 * The sign-in guard's decision: a login-required route is allowed only when a stored access token
 * for the last signed-in user exists AND the existing-user flag is stored. It lives in lib/ because
 * the sign-in pages need the same rule (`returnPath`, `canEnter`) as the app's route guard.
 */
export function canEnter(storage: KeyValueStorage): boolean {
  const userId = getLastUser(storage);
  if (!userId) return false;
  return getAccessToken(userId, storage) !== null && isExistingUser(storage);
}

/** Location state the guard hands to /login: where the user wanted to go. */
export interface LoginState {
  from: string;
}

/** The path to return to after sign-in: the guard's `from` when it is a path inside the app, else the dashboard. */
export function returnPath(state: unknown): string {
  const from = (state as Partial<LoginState> | null | undefined)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return ROUTES.dashboard;
  if (from === ROUTES.login || from.startsWith(`${ROUTES.login}?`)) return ROUTES.dashboard;
  return from;
}

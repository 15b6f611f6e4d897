import type { Tokens } from '@petti/shared/schemas/auth';
import { authEvents } from '../../lib/auth-events.ts';
import { setExistingUser, setSession } from '../../lib/auth-storage.ts';
import { sessionStore } from '../../lib/storage.ts';
import { clearChallenge } from './otp-session.ts';

/**
 * Stores what the guard needs (docs/product.md#guard: the last user's access token and the existing-user
 * flag) from a confirm answer that carries tokens. False when it carries none.
 */
export function completeSignIn(result: { userId?: string; tokens?: Tokens }): boolean {
  const { userId, tokens } = result;
  if (!userId || !tokens) return false;
  setSession({
    userId,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    clientId: tokens.clientId,
  });
  setExistingUser();
  clearChallenge(sessionStore());
  authEvents.emit('signedIn', { userId });
  return true;
}

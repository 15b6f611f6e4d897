import { callHeaders } from './api-protocol.ts';
import { storedCredentials } from './auth-storage.ts';
import { deviceSessionId } from './device-session.ts';
import { EARLY_REQUESTS } from './early-requests-name.ts';
import type { KeyValueStorage } from './storage.ts';

/**
 * Requests the page makes before the app's code has arrived (docs/performance.md#early-requests).
 * index.html's script knows, for the screens drawn at build time, what the app will ask for as soon as
 * it draws them (recorded at build time, apps/web/scripts/first-screen.ts). For a signed-in visitor it
 * asks for those now, with the headers the app would send, and leaves them under a global
 * ({@link EARLY_REQUESTS}); the app's client takes each answer once instead of asking again. The
 * data then comes while the app's code is still downloading, and the screen is drawn with it instead
 * of skeletons first.
 */
export { EARLY_REQUESTS };

/** An answer older than this is not used: the app asks afresh. */
export const EARLY_REQUEST_MAX_AGE_MS = 10_000;

/** One request the page made: when, with which headers (as JSON), and its answer to come. */
export interface EarlyRequest {
  at: number;
  headers: string;
  response: Promise<Response>;
}

/**
 * The headers the app's client would send with a signed-in GET, or null when no one is signed in
 * (nothing is asked for early then). Compiled into index.html's script (route-preloads.ts).
 */
export function earlyHeaders(storage: KeyValueStorage): Record<string, string> | null {
  const creds = storedCredentials(storage);
  return creds ? callHeaders(creds, deviceSessionId(storage)) : null;
}

/**
 * The page's early answer to `url`, if it asked for it with exactly `headers` less than
 * {@link EARLY_REQUEST_MAX_AGE_MS} ago; each is taken once (a body is read once), so a second call
 * for the same address asks the server itself.
 */
export function takeEarlyResponse(
  url: string,
  headers: Record<string, string>,
  now: number = Date.now(),
  scope: Record<string, unknown> = globalThis as unknown as Record<string, unknown>,
): Promise<Response> | null {
  const early = scope[EARLY_REQUESTS] as Record<string, EarlyRequest> | undefined;
  const made = early?.[url];
  if (!made) return null;
  delete early[url];
  if (made.headers !== JSON.stringify(headers) || now - made.at > EARLY_REQUEST_MAX_AGE_MS) return null;
  return made.response;
}

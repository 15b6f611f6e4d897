/** What Petti's API expects on the wire: where it lives, its headers, its methods, its URLs. */

export const API_BASE = '/api';
export const CLIENT_ID_HEADER = 'x-client-id';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** This device's session id, echoed in the real-time events a call causes (docs/lockers.md). */
export const SESSION_ID_HEADER = 'x-session-id';
/** Each attempt gives up after this long (docs/product.md#api-client). */
export const DEFAULT_TIMEOUT_MS = 30_000;

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** `/api` + path + query string (undefined / null values left out). */
export function buildUrl(
  base: string,
  path: string,
  query?: Record<string, string | number | boolean | null | undefined>,
): string {
  const url = `${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

/**
 * The headers of a call: JSON accepted, the caller's own, and for a signed-in call the access token,
 * the client id and this device's session id. The page's early requests (early-requests.ts) send the
 * same, so the app can tell an early answer is the one it would have asked for.
 */
export function callHeaders(
  creds: { accessToken: string; clientId: string | null } | null,
  sessionId: string | undefined,
  extra: Record<string, string> = {},
): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  if (creds) {
    headers.Authorization = `Bearer ${creds.accessToken}`;
    if (creds.clientId) headers[CLIENT_ID_HEADER] = creds.clientId;
    if (sessionId) headers[SESSION_ID_HEADER] = sessionId;
  }
  return headers;
}

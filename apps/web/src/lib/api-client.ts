import { RETRY } from '@petti/shared/constants';
import type { Tokens } from '@petti/shared/schemas/auth';
import { getAccessToken, getClientId, getLastUser, getRefreshToken, setSession } from './auth-storage.ts';
import type { KeyValueStorage } from './storage.ts';

/**
 * The one HTTP client for Petti's API (docs/product.md#api-client):
 * - attaches `Authorization: Bearer <access>` and `x-client-id` for the last signed-in user,
 *   except on public calls (`auth: false`);
 * - retries throttled and transient failures: 3 attempts in all, exponential back-off from 100 ms
 *   (500 ms when throttled), capped at 20 s, honouring `Retry-After` when it is under the cap. Only
 *   requests that are safe to repeat are retried: GET / HEAD / PUT / DELETE / OPTIONS, or any request
 *   carrying an `Idempotency-Key`. A POST that may have reached the server is never sent twice;
 * - on 401 renews the session once (one refresh shared by every call waiting on it, and across tabs
 *   through the Web Locks API) and repeats the call; if the session cannot be renewed, it ends it
 *   on this device (`onSessionEnded`) and the guard sends the user to /login;
 * - turns every failure into an `ApiError` with the server's `code`, `message`, `field` and details.
 *
 * The pure parts (back-off, error parsing, retry decisions) are exported for tests.
 */

export const API_BASE = '/api';
export const CLIENT_ID_HEADER = 'x-client-id';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** This device's session id, echoed in the real-time events a call causes (docs/lockers.md). */
export const SESSION_ID_HEADER = 'x-session-id';
/** Each attempt gives up after this long (docs/product.md#api-client). */
export const DEFAULT_TIMEOUT_MS = 30_000;
const REFRESH_LOCK = 'petti-auth-refresh';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Codes the client itself gives failures that never got an answer from the server. */
export const CLIENT_ERROR_CODES = {
  network: 'NetworkError',
  timeout: 'Timeout',
  aborted: 'RequestAborted',
  badResponse: 'BadResponse',
} as const;

export interface ApiErrorInit {
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  code: string;
  message: string;
  field?: string;
  /** Everything else the server put in `error` (e.g. attemptsLeft, retryAfterSeconds). */
  details?: Record<string, unknown>;
  /** From the Retry-After header (or retryAfterSeconds), in ms. */
  retryAfterMs?: number;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly details: Record<string, unknown>;
  readonly retryAfterMs: number | undefined;

  constructor(init: ApiErrorInit, options?: { cause?: unknown }) {
    super(init.message, options);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.details = init.details ?? {};
    this.retryAfterMs = init.retryAfterMs;
  }

  /** No answer from the server: offline, DNS, connection reset, or timed out. */
  get isNetworkError(): boolean {
    return this.code === CLIENT_ERROR_CODES.network || this.code === CLIENT_ERROR_CODES.timeout;
  }

  /** A number the server sent in the error body, e.g. `attemptsLeft`. */
  number(key: string): number | undefined {
    const value = this.details[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

// ---------------------------------------------------------------------------------------------
// Pure helpers

/** `Retry-After` as milliseconds from now: delta-seconds or an HTTP date. Undefined when absent or bad. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value == null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

const STATUS_CODES: Record<number, string> = {
  400: 'Validation',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'ResourceNotFound',
  408: CLIENT_ERROR_CODES.timeout,
  409: 'Conflict',
  413: 'PayloadTooLarge',
  429: 'Throttling',
  503: 'ServiceUnavailable',
};

/** The code for a status when the body did not carry one (a proxy's HTML page, an empty body). */
export function codeForStatus(status: number): string {
  return STATUS_CODES[status] ?? (status >= 500 ? 'InternalFailure' : 'Validation');
}

/**
 * An `ApiError` from a failed response's status, parsed body (`{ error: { code, message, field?, … } }`
 * or anything else) and Retry-After.
 */
export function parseApiError(status: number, body: unknown, retryAfterMs?: number): ApiError {
  const error =
    body && typeof body === 'object' && 'error' in body && body.error && typeof body.error === 'object'
      ? (body.error as Record<string, unknown>)
      : null;
  const code = typeof error?.code === 'string' && error.code ? error.code : codeForStatus(status);
  const message =
    typeof error?.message === 'string' && error.message ? error.message : `Request failed (${status})`;
  const field = typeof error?.field === 'string' && error.field ? error.field : undefined;
  const details: Record<string, unknown> = {};
  if (error) {
    for (const [key, value] of Object.entries(error)) {
      if (key !== 'code' && key !== 'message' && key !== 'field') details[key] = value;
    }
  }
  const fromBody =
    typeof details.retryAfterSeconds === 'number' && Number.isFinite(details.retryAfterSeconds)
      ? details.retryAfterSeconds * 1000
      : undefined;
  return new ApiError({ status, code, message, field, details, retryAfterMs: retryAfterMs ?? fromBody });
}

const THROTTLE_CODES = new Set([
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'LimitExceededException',
  'CodeResendTooSoon',
]);
const TRANSIENT_STATUS = new Set([408, 500, 502, 503, 504]);

export function isThrottlingError(error: ApiError): boolean {
  return error.status === 429 || THROTTLE_CODES.has(error.code);
}

/** Worth trying again: throttled, a server hiccup, a timeout or no connection. Not a caller's abort. */
export function isRetryableError(error: ApiError): boolean {
  if (error.code === CLIENT_ERROR_CODES.aborted) return false;
  return isThrottlingError(error) || error.isNetworkError || TRANSIENT_STATUS.has(error.status);
}

const IDEMPOTENT = new Set<HttpMethod>(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Whether sending the request twice is harmless: an idempotent method or an Idempotency-Key. */
export function isSafeToRepeat(method: HttpMethod, headers: Record<string, string> = {}): boolean {
  if (IDEMPOTENT.has(method)) return true;
  const key = IDEMPOTENCY_KEY_HEADER.toLowerCase();
  return Object.entries(headers).some(([name, value]) => name.toLowerCase() === key && value !== '');
}

/**
 * How long to wait before retry number `retry` (0 for the first retry): full-jitter exponential
 * back-off, `random() × base × 2^retry` capped at `capMs`, with base 100 ms or 500 ms when
 * throttled. A Retry-After under the cap is waited for at least; one beyond the cap means
 * "not now" and the answer is `null` (give up and show the error).
 */
export function backoffDelayMs(
  retry: number,
  options: { throttled?: boolean; retryAfterMs?: number; random?: () => number } = {},
): number | null {
  const { throttled = false, retryAfterMs, random = Math.random } = options;
  if (retryAfterMs !== undefined && retryAfterMs > RETRY.capMs) return null;
  const base = throttled ? RETRY.throttledBaseMs : RETRY.baseMs;
  const jittered = Math.floor(Math.min(RETRY.capMs, random() * base * 2 ** retry));
  return Math.min(RETRY.capMs, Math.max(jittered, retryAfterMs ?? 0));
}

/** The wait before the next try of a failed request, or null when it must not be retried. */
export function retryDelayFor(
  error: ApiError,
  context: { method: HttpMethod; headers?: Record<string, string>; attempt: number; random?: () => number },
): number | null {
  if (context.attempt + 1 >= RETRY.attempts) return null;
  if (!isRetryableError(error)) return null;
  if (!isSafeToRepeat(context.method, context.headers)) return null;
  return backoffDelayMs(context.attempt, {
    throttled: isThrottlingError(error),
    retryAfterMs: error.retryAfterMs,
    random: context.random,
  });
}

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

// ---------------------------------------------------------------------------------------------
// The client

export interface RequestOptions {
  method?: HttpMethod;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  /** Attach the session's token and client id (default true). Public calls pass false. */
  auth?: boolean;
  /** On 401, renew the session once and repeat the call (default true with auth). */
  renewOn401?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** Where the session lives (localStorage in the app). */
  storage: () => KeyValueStorage;
  baseUrl?: string;
  /** Called once when the session cannot be renewed: clear it, purge caches, emit signedOut. */
  onSessionEnded?: () => void | Promise<void>;
  /** The translated "You are offline" text (and the generic network error text). */
  messages?: { offline: () => string; network: () => string; timeout: () => string };
  isOnline?: () => boolean;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Runs `fn` holding a lock shared by the tabs of this origin (navigator.locks), else directly. */
  lock?: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
  /** This device's session id, sent with every signed-in call. */
  sessionId?: () => string;
}

interface Credentials {
  userId: string;
  accessToken: string;
  clientId: string | null;
}

export function createApiClient(deps: ApiClientDeps) {
  const baseUrl = deps.baseUrl ?? API_BASE;
  const now = deps.now ?? Date.now;
  const isOnline = deps.isOnline ?? (() => true);
  const sleep = deps.sleep ?? abortableSleep;
  const lock = deps.lock ?? (<T>(_name: string, fn: () => Promise<T>) => fn());
  const messages = deps.messages ?? {
    offline: () => 'You are offline. Connect to the internet and try again.',
    network: () => 'Could not reach Petti. Check your connection and try again.',
    timeout: () => 'Petti is taking too long to answer. Please try again.',
  };
  /** Server clock minus ours, from the Date header: countdowns to server times survive a wrong phone clock. */
  let clockOffsetMs = 0;
  let refreshing: Promise<string | null> | null = null;

  function credentials(): Credentials | null {
    const storage = deps.storage();
    const userId = getLastUser(storage);
    if (!userId) return null;
    const accessToken = getAccessToken(userId, storage);
    if (!accessToken) return null;
    return { userId, accessToken, clientId: getClientId(userId, storage) };
  }

  function noteServerDate(response: Response): void {
    const date = Date.parse(response.headers.get('date') ?? '');
    if (Number.isNaN(date)) return;
    // The header has whole seconds: the server's time is somewhere in the next 1000 ms. A clock
    // that is off by less than 2 s is left alone, so countdowns do not jump a second either way.
    const offset = date + 500 - now();
    clockOffsetMs = Math.abs(offset) < 2000 ? 0 : offset;
  }

  function networkError(cause: unknown, timedOut: boolean, callerAborted: boolean): ApiError {
    if (callerAborted) {
      return new ApiError(
        { status: 0, code: CLIENT_ERROR_CODES.aborted, message: 'The request was cancelled.' },
        { cause },
      );
    }
    if (timedOut) {
      return new ApiError(
        { status: 0, code: CLIENT_ERROR_CODES.timeout, message: messages.timeout() },
        { cause },
      );
    }
    const message = isOnline() ? messages.network() : messages.offline();
    return new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message }, { cause });
  }

  /** One attempt: the response, or an ApiError for a failure that had no answer. */
  async function send(url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    if (signal?.aborted) controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await deps.fetch(url, { ...init, signal: controller.signal });
    } catch (cause) {
      throw networkError(cause, timedOut, signal?.aborted === true);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async function readBody(response: Response): Promise<unknown> {
    if (response.status === 204 || response.status === 205) return undefined;
    const text = await response.text();
    if (text === '') return undefined;
    try {
      return JSON.parse(text);
    } catch (cause) {
      if (!response.ok) return text;
      throw new ApiError(
        {
          status: response.status,
          code: CLIENT_ERROR_CODES.badResponse,
          message: 'The server sent an answer the app cannot read.',
        },
        { cause },
      );
    }
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
      tokens = await request<Tokens>('/auth/refresh', {
        method: 'POST',
        body: { refreshToken },
        auth: false,
      });
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

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const auth = options.auth ?? true;
    const renewOn401 = options.renewOn401 ?? auth;
    const url = buildUrl(baseUrl, path, options.query);
    const extraHeaders = options.headers ?? {};
    let renewed = false;

    for (let attempt = 0; ; ) {
      const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      const creds = auth ? credentials() : null;
      if (creds) {
        headers.Authorization = `Bearer ${creds.accessToken}`;
        if (creds.clientId) headers[CLIENT_ID_HEADER] = creds.clientId;
        if (deps.sessionId) headers[SESSION_ID_HEADER] = deps.sessionId();
      }
      const init: RequestInit = {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'same-origin',
      };

      let error: ApiError;
      try {
        const response = await send(url, init, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, options.signal);
        // Only answers to writes: a GET may come from the service worker's cache with an old Date.
        if (method !== 'GET' && method !== 'HEAD') noteServerDate(response);
        if (response.ok) return (await readBody(response)) as T;
        error = parseApiError(
          response.status,
          await readBody(response).catch(() => undefined),
          parseRetryAfter(response.headers.get('retry-after'), now()),
        );
      } catch (caught) {
        if (!isApiError(caught)) throw caught;
        error = caught;
      }

      if (error.status === 401 && auth && creds) {
        if (renewOn401 && !renewed) {
          renewed = true;
          const token = await renewAccess(creds.accessToken);
          if (token) continue; // the repeat after renewing is not one of the retries
          throw error;
        }
        // Renewed and still refused: this session is no good.
        if (renewOn401) await endSession();
        throw error;
      }

      const wait = retryDelayFor(error, { method, headers: extraHeaders, attempt, random: deps.random });
      if (wait === null || (error.isNetworkError && !isOnline())) throw error;
      await sleep(wait, options.signal);
      attempt++;
    }
  }

  const withBody =
    (method: HttpMethod) =>
    <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
      request<T>(path, { ...options, method, body });

  return {
    request,
    get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: withBody('POST'),
    put: withBody('PUT'),
    patch: withBody('PATCH'),
    delete: <T>(path: string, options: Omit<RequestOptions, 'method'> = {}) =>
      request<T>(path, { ...options, method: 'DELETE' }),
    /** Renews the session now (e.g. before opening the real-time connection). */
    renewSession: () => {
      const creds = credentials();
      return creds ? renewAccess(creds.accessToken) : Promise.resolve(null);
    },
    /** "Now" on the server's clock, in ms since the epoch. */
    serverNow: () => now() + clockOffsetMs,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

import type { Tokens } from '@petti/shared/schemas/auth';
import { ApiError, CLIENT_ERROR_CODES, isApiError, parseApiError } from './api-error.ts';
import { API_BASE, buildUrl, callHeaders, DEFAULT_TIMEOUT_MS, type HttpMethod } from './api-protocol.ts';
import { isBusyError, parseRetryAfter, retryDelayFor } from './api-retry.ts';
import { createSessionRenewal } from './api-session-renewal.ts';
import type { KeyValueStorage } from './storage.ts';

/**
 * The one HTTP client for Petti's API (docs/product.md#api-client):
 * - attaches `Authorization: Bearer <access>` and `x-client-id` for the last signed-in user,
 *   except on public calls (`auth: false`);
 * - retries throttled and transient failures: 3 attempts in all, exponential back-off from 100 ms
 *   (500 ms when throttled), capped at 20 s, waiting out `Retry-After` (plus the jitter) when it is
 *   under the cap, and saying so (`onBusy`) when the server answered busy (503, 429). Only
 *   requests that are safe to repeat are retried: GET / HEAD / PUT / DELETE / OPTIONS, or any request
 *   carrying an `Idempotency-Key`. A POST that may have reached the server is never sent twice;
 * - on 401 renews the session once (one refresh shared by every call waiting on it, and across tabs
 *   through the Web Locks API) and repeats the call; if the session cannot be renewed, it ends it
 *   on this device (`onSessionEnded`) and the guard sends the user to /login;
 * - turns every failure into an `ApiError` with the server's `code`, `message`, `field` and details.
 *
 * Its parts live beside it: errors (api-error.ts), retries (api-retry.ts), the wire
 * (api-protocol.ts) and session renewal (api-session-renewal.ts).
 */

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
  /** Told when a call waits to try again because the server said it is busy (503 or 429). */
  onBusy?: () => void;
  /** Runs `fn` holding a lock shared by the tabs of this origin (navigator.locks), else directly. */
  lock?: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
  /** This device's session id, sent with every signed-in call. */
  sessionId?: () => string;
  /**
   * An answer the page already asked for with these very headers (lib/early-requests.ts), used for a
   * GET's first attempt instead of asking again; null when there is none.
   */
  early?: (url: string, headers: Record<string, string>) => Promise<Response> | null;
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
  const session = createSessionRenewal({
    storage: deps.storage,
    lock,
    onSessionEnded: deps.onSessionEnded,
    refresh: (refreshToken) =>
      request<Tokens>('/auth/refresh', { method: 'POST', body: { refreshToken }, auth: false }),
  });
  const { credentials, renewAccess, endSession } = session;
  /** Server clock minus ours, from the Date header: countdowns to server times survive a wrong phone clock. */
  let clockOffsetMs = 0;

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

  /**
   * One attempt: the response, or an ApiError for a failure that had no answer. An early answer
   * (`early`) stands in for the request, with the same time limit and cancelling.
   */
  async function send(
    url: string,
    init: RequestInit,
    timeoutMs: number,
    signal?: AbortSignal,
    early?: Promise<Response> | null,
  ) {
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
      return await (early
        ? untilAborted(early, controller.signal)
        : deps.fetch(url, { ...init, signal: controller.signal }));
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
    // A file the server makes as text (a shop's CSV export) is the answer as it came.
    if (response.ok && (response.headers.get('content-type') ?? '').startsWith('text/csv')) return text;
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

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const auth = options.auth ?? true;
    const renewOn401 = options.renewOn401 ?? auth;
    const url = buildUrl(baseUrl, path, options.query);
    const extraHeaders = options.headers ?? {};
    let renewed = false;

    for (let attempt = 0; ; ) {
      const creds = auth ? credentials() : null;
      const headers = callHeaders(creds, creds ? deps.sessionId?.() : undefined, extraHeaders);
      // A file (a photo) goes as itself, typed by the file; anything else as JSON.
      const file = typeof Blob !== 'undefined' && options.body instanceof Blob ? options.body : null;
      if (options.body !== undefined)
        headers['Content-Type'] = file ? file.type || 'application/octet-stream' : 'application/json';
      // Only a first try: a repeat (after a failure or a renewed session) always asks the server.
      const early = method === 'GET' && attempt === 0 && !renewed ? deps.early?.(url, headers) : null;
      const init: RequestInit = {
        method,
        headers,
        body: options.body === undefined ? undefined : (file ?? JSON.stringify(options.body)),
        credentials: 'same-origin',
      };

      let error: ApiError;
      try {
        const response = await send(
          url,
          init,
          options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          options.signal,
          early,
        );
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
      if (isBusyError(error)) deps.onBusy?.();
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

/** `answer`, unless `signal` aborts first. */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

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

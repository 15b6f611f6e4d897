import { RETRY, STORAGE_KEYS } from '@petti/shared/constants';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client.ts';
import { ApiError, CLIENT_ERROR_CODES, isApiError, parseApiError } from './api-error.ts';
import { buildUrl, CLIENT_ID_HEADER, callHeaders, SESSION_ID_HEADER } from './api-protocol.ts';
import { backoffDelayMs, isSafeToRepeat, parseRetryAfter, retryDelayFor } from './api-retry.ts';
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  setExistingUser,
  setSession,
} from './auth-storage.ts';
import { EARLY_REQUEST_MAX_AGE_MS, EARLY_REQUESTS, takeEarlyResponse } from './early-requests.ts';
import { type KeyValueStorage, memoryStorage } from './storage.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const errorBody = (code: string, message = code, extra: Record<string, unknown> = {}) => ({
  error: { code, message, ...extra },
});

describe('backoffDelayMs', () => {
  const max = () => 1;
  it('doubles from 100 ms, or from 500 ms when throttled', () => {
    expect([0, 1, 2].map((n) => backoffDelayMs(n, { random: max }))).toEqual([100, 200, 400]);
    expect([0, 1, 2].map((n) => backoffDelayMs(n, { throttled: true, random: max }))).toEqual([
      500, 1000, 2000,
    ]);
  });

  it('is jittered below the exponential ceiling', () => {
    expect(backoffDelayMs(2, { random: () => 0.5 })).toBe(200);
    expect(backoffDelayMs(0, { random: () => 0 })).toBe(0);
  });

  it('never exceeds the 20 s cap', () => {
    expect(backoffDelayMs(20, { throttled: true, random: max })).toBe(RETRY.capMs);
  });

  it('waits out a Retry-After under the cap plus the jitter, and gives up on one beyond it', () => {
    expect(backoffDelayMs(0, { throttled: true, retryAfterMs: 3000, random: () => 0 })).toBe(3000);
    expect(backoffDelayMs(0, { throttled: true, retryAfterMs: 3000, random: max })).toBe(3500);
    expect(backoffDelayMs(1, { retryAfterMs: 50, random: () => 0.5 })).toBe(150);
    expect(backoffDelayMs(0, { throttled: true, retryAfterMs: RETRY.capMs })).toBe(RETRY.capMs);
    expect(backoffDelayMs(0, { throttled: true, retryAfterMs: RETRY.capMs + 1 })).toBeNull();
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('12', now)).toBe(12_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
  });

  it('ignores missing or nonsense values', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('parseApiError', () => {
  it('takes code, message, field and the other fields as details', () => {
    const error = parseApiError(
      400,
      errorBody('CodeMismatchException', 'That code is not right.', { attemptsLeft: 2, field: 'body.code' }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'CodeMismatchException',
      message: 'That code is not right.',
      field: 'body.code',
      details: { attemptsLeft: 2 },
    });
    expect(error.number('attemptsLeft')).toBe(2);
    expect(error.number('missing')).toBeUndefined();
  });

  it('uses retryAfterSeconds when there is no Retry-After header', () => {
    expect(
      parseApiError(429, errorBody('CodeResendTooSoon', 'wait', { retryAfterSeconds: 12 })).retryAfterMs,
    ).toBe(12_000);
    expect(
      parseApiError(429, errorBody('Throttling', 'wait', { retryAfterSeconds: 12 }), 5000).retryAfterMs,
    ).toBe(5000);
  });

  it('names a code from the status when the body has none', () => {
    expect(parseApiError(502, '<html>Bad gateway</html>').code).toBe('InternalFailure');
    expect(parseApiError(503, undefined).code).toBe('ServiceUnavailable');
    expect(parseApiError(429, { nope: true }).code).toBe('Throttling');
    expect(parseApiError(404, null)).toMatchObject({
      code: 'ResourceNotFound',
      message: 'Request failed (404)',
    });
  });
});

describe('retry decisions', () => {
  it('repeats only idempotent methods or requests with an Idempotency-Key', () => {
    expect(isSafeToRepeat('GET')).toBe(true);
    expect(isSafeToRepeat('PUT')).toBe(true);
    expect(isSafeToRepeat('DELETE')).toBe(true);
    expect(isSafeToRepeat('POST')).toBe(false);
    expect(isSafeToRepeat('PATCH')).toBe(false);
    expect(isSafeToRepeat('POST', { 'idempotency-key': 'k1' })).toBe(true);
  });

  it('retries throttled and transient failures, 3 attempts in all', () => {
    const throttled = parseApiError(429, errorBody('Throttling'));
    const ctx = { method: 'GET' as const, random: () => 1 };
    expect(retryDelayFor(throttled, { ...ctx, attempt: 0 })).toBe(500);
    expect(retryDelayFor(throttled, { ...ctx, attempt: 1 })).toBe(1000);
    expect(retryDelayFor(throttled, { ...ctx, attempt: 2 })).toBeNull();
    expect(retryDelayFor(parseApiError(503, undefined), { ...ctx, attempt: 0 })).toBe(100);
    expect(retryDelayFor(parseApiError(400, errorBody('Validation')), { ...ctx, attempt: 0 })).toBeNull();
    expect(retryDelayFor(parseApiError(404, undefined), { ...ctx, attempt: 0 })).toBeNull();
    expect(retryDelayFor(parseApiError(503, undefined), { ...ctx, method: 'POST', attempt: 0 })).toBeNull();
  });
});

describe('buildUrl', () => {
  it('joins the base and path and leaves out empty query values', () => {
    expect(buildUrl('/api', '/me')).toBe('/api/me');
    expect(buildUrl('/api/', 'dev/outbox', { phone: '919876543210', email: undefined, n: 2 })).toBe(
      '/api/dev/outbox?phone=919876543210&n=2',
    );
  });
});

// ---------------------------------------------------------------------------------------------

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

function harness(options: {
  handler: Handler;
  online?: boolean;
  signedIn?: boolean;
  lock?: boolean;
  /** What index.html's script left for the app (lib/early-requests.ts). */
  early?: Record<string, unknown>;
}) {
  const storage: KeyValueStorage = memoryStorage();
  if (options.signedIn ?? true) {
    setSession(
      { userId: 'u1', accessToken: 'access-1', refreshToken: 'refresh-1', clientId: 'petti-web' },
      storage,
    );
    setExistingUser(storage);
  }
  const calls: Call[] = [];
  const sleeps: number[] = [];
  const ended = vi.fn(() => clearSession(storage));
  const busy = vi.fn();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return options.handler(call);
  });
  const client = createApiClient({
    fetch: fetchMock as typeof fetch,
    storage: () => storage,
    isOnline: () => options.online ?? true,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 1,
    sessionId: () => 'device-1',
    early: (url, headers) => takeEarlyResponse(url, headers, Date.now(), options.early ?? {}),
    onSessionEnded: ended,
    onBusy: busy,
    messages: { offline: () => 'OFFLINE', network: () => 'NETWORK', timeout: () => 'TIMEOUT' },
  });
  return { client, storage, calls, sleeps, ended, busy };
}

const refreshCalls = (calls: Call[]) => calls.filter((c) => c.url.endsWith('/auth/refresh'));

/** The server's answer to a refresh: user u1's new tokens. */
const renewedTokens = () =>
  json(200, { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900, clientId: 'petti-web' });

describe('the API client', () => {
  it('sends the access token, the client id and the device session id, and nothing of the kind on public calls', async () => {
    const h = harness({ handler: () => json(200, { ok: true }) });
    await expect(h.client.get('/me')).resolves.toEqual({ ok: true });
    await h.client.post('/auth/sign-in', { phone: '919876543210' }, { auth: false });
    expect(h.calls[0]?.headers).toMatchObject({
      Authorization: 'Bearer access-1',
      [CLIENT_ID_HEADER]: 'petti-web',
      [SESSION_ID_HEADER]: 'device-1',
    });
    expect(h.calls[1]?.headers.Authorization).toBeUndefined();
    expect(h.calls[1]?.headers[SESSION_ID_HEADER]).toBeUndefined();
    expect(h.calls[1]?.headers[CLIENT_ID_HEADER]).toBeUndefined();
    expect(h.calls[1]).toMatchObject({ method: 'POST', body: { phone: '919876543210' } });
  });

  it('answers a text file (a CSV export) as its text, and refuses text where JSON was due', async () => {
    const csv = 'date,order\r\n2026-11-20,o1\r\n';
    const h = harness({
      handler: (call) =>
        call.url.endsWith('.csv')
          ? new Response(csv, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } })
          : new Response('not json', { status: 200 }),
    });
    await expect(h.client.get('/shops/s/money.csv')).resolves.toBe(csv);
    const error = await h.client.get('/things').catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe(CLIENT_ERROR_CODES.badResponse);
  });

  it('answers undefined for 204', async () => {
    const h = harness({ handler: () => new Response(null, { status: 204 }) });
    await expect(h.client.delete('/me')).resolves.toBeUndefined();
  });

  it('retries a throttled GET with back-off and gives up after 3 attempts', async () => {
    const h = harness({ handler: () => json(429, errorBody('Throttling')) });
    const error = await h.client.get('/things').catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('Throttling');
    expect(h.calls).toHaveLength(3);
    expect(h.sleeps).toEqual([500, 1000]);
  });

  it('honours Retry-After under the cap and recovers', async () => {
    let n = 0;
    const h = harness({
      handler: () =>
        n++ === 0 ? json(503, errorBody('ServiceUnavailable'), { 'retry-after': '2' }) : json(200, 'ok'),
    });
    await expect(h.client.get('/things')).resolves.toBe('ok');
    // Two seconds, and the jitter on top (random() = 1 here: 100 ms).
    expect(h.sleeps).toEqual([2100]);
    // Said busy while it waited.
    expect(h.busy).toHaveBeenCalledTimes(1);
  });

  it('says nothing of busy for a failure that is not the server being busy', async () => {
    let n = 0;
    const h = harness({
      handler: () => (n++ === 0 ? json(502, errorBody('InternalFailure')) : json(200, 'ok')),
    });
    await expect(h.client.get('/things')).resolves.toBe('ok');
    expect(h.busy).not.toHaveBeenCalled();
  });

  it('does not wait out a Retry-After beyond the cap', async () => {
    const h = harness({
      handler: () => json(429, errorBody('LimitExceededException'), { 'retry-after': '3000' }),
    });
    const error = await h.client.get('/things').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'LimitExceededException', retryAfterMs: 3_000_000 });
    expect(h.calls).toHaveLength(1);
  });

  it('never sends a POST twice, unless it carries an Idempotency-Key', async () => {
    const h = harness({ handler: () => json(503, errorBody('ServiceUnavailable')) });
    await expect(h.client.post('/orders', { a: 1 })).rejects.toMatchObject({ code: 'ServiceUnavailable' });
    expect(h.calls).toHaveLength(1);
    await expect(
      h.client.post('/orders', { a: 1 }, { headers: { 'Idempotency-Key': 'order-1' } }),
    ).rejects.toMatchObject({ code: 'ServiceUnavailable' });
    expect(h.calls).toHaveLength(4);
  });

  it('turns a failed connection into NetworkError, saying "offline" when the device is', async () => {
    const offline = harness({
      online: false,
      handler: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(offline.client.get('/me')).rejects.toMatchObject({
      status: 0,
      code: 'NetworkError',
      message: 'OFFLINE',
    });
    expect(offline.calls).toHaveLength(1); // no point retrying while offline

    const flaky = harness({
      handler: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(flaky.client.get('/me')).rejects.toMatchObject({ code: 'NetworkError', message: 'NETWORK' });
    expect(flaky.calls).toHaveLength(3);
    await expect(flaky.client.post('/auth/sign-in', {}, { auth: false })).rejects.toMatchObject({
      code: 'NetworkError',
    });
    expect(flaky.calls).toHaveLength(4);
  });

  it('renews the session once for many calls refused at once, then repeats each call', async () => {
    const h = harness({
      handler: async (call) => {
        if (call.url.endsWith('/auth/refresh')) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return renewedTokens();
        }
        return call.headers.Authorization === 'Bearer access-2'
          ? json(200, { path: call.url })
          : json(401, errorBody('Unauthorized'));
      },
    });
    const answers = await Promise.all([h.client.get('/a'), h.client.get('/b'), h.client.get('/c')]);
    expect(answers).toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(refreshCalls(h.calls)).toHaveLength(1);
    expect(refreshCalls(h.calls)[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(refreshCalls(h.calls)[0]?.headers.Authorization).toBeUndefined();
    expect(getAccessToken('u1', h.storage)).toBe('access-2');
    expect(getRefreshToken('u1', h.storage)).toBe('refresh-2');
    expect(h.ended).not.toHaveBeenCalled();
  });

  it('uses a token another tab renewed meanwhile instead of spending the refresh token again', async () => {
    const h = harness({
      handler: (call) => {
        if (call.headers.Authorization === 'Bearer access-1') {
          // Another tab renews while this call is out.
          setSession({ userId: 'u1', accessToken: 'access-9', refreshToken: 'refresh-9' }, h.storage);
          return json(401, errorBody('Unauthorized'));
        }
        return json(200, 'ok');
      },
    });
    await expect(h.client.get('/me')).resolves.toBe('ok');
    expect(refreshCalls(h.calls)).toHaveLength(0);
  });

  it('ends the session once when it cannot be renewed', async () => {
    const h = harness({
      handler: (call) =>
        call.url.endsWith('/auth/refresh')
          ? json(401, errorBody('Unauthorized', 'Your session has ended.'))
          : json(401, errorBody('Unauthorized')),
    });
    const results = await Promise.allSettled([h.client.get('/a'), h.client.get('/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(refreshCalls(h.calls)).toHaveLength(1);
    expect(h.ended).toHaveBeenCalledTimes(1);
    expect(h.storage.getItem(STORAGE_KEYS.lastUser)).toBeNull();
  });

  it('ends the session when the renewed token is refused too', async () => {
    const h = harness({
      handler: (call) =>
        call.url.endsWith('/auth/refresh') ? renewedTokens() : json(401, errorBody('Unauthorized')),
    });
    await expect(h.client.get('/me')).rejects.toMatchObject({ status: 401 });
    expect(h.calls.filter((c) => c.url.endsWith('/me'))).toHaveLength(2);
    expect(h.ended).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh gets no answer (offline)', async () => {
    const h = harness({
      handler: (call) => {
        if (call.url.endsWith('/auth/refresh')) throw new TypeError('Failed to fetch');
        return json(401, errorBody('Unauthorized'));
      },
    });
    await expect(h.client.get('/me')).rejects.toMatchObject({ code: 'NetworkError' });
    expect(h.ended).not.toHaveBeenCalled();
    expect(getRefreshToken('u1', h.storage)).toBe('refresh-1');
  });

  it('does not renew for calls that ask it not to, nor without a session', async () => {
    const h = harness({ handler: () => json(401, errorBody('Unauthorized')) });
    await expect(h.client.post('/auth/sign-out', {}, { renewOn401: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(refreshCalls(h.calls)).toHaveLength(0);
    expect(h.ended).not.toHaveBeenCalled();

    const anonymous = harness({ signedIn: false, handler: () => json(401, errorBody('Unauthorized')) });
    await expect(anonymous.client.get('/me')).rejects.toMatchObject({ status: 401 });
    expect(anonymous.calls).toHaveLength(1);
    expect(anonymous.ended).not.toHaveBeenCalled();
  });

  it('keeps the server clock from the Date header of answers to writes', async () => {
    const serverDate = new Date(Date.now() + 5 * 60_000);
    serverDate.setMilliseconds(0);
    const h = harness({ handler: () => json(200, {}, { date: serverDate.toUTCString() }) });
    await h.client.get('/bookings'); // may be a cached answer: ignored
    expect(Math.abs(h.client.serverNow() - Date.now())).toBeLessThan(100);
    await h.client.post('/auth/sign-in', {}, { auth: false });
    expect(Math.abs(h.client.serverNow() - serverDate.getTime())).toBeLessThan(1500);
  });
});

describe('answers the page asked for early', () => {
  /** The headers the harness's client sends for user u1 on this device. */
  const sent = callHeaders({ accessToken: 'access-1', clientId: 'petti-web' }, 'device-1');
  const earlyScope = (answers: Record<string, Promise<Response>>, headers = sent, at = Date.now()) => ({
    [EARLY_REQUESTS]: Object.fromEntries(
      Object.entries(answers).map(([url, response]) => [
        url,
        { at, headers: JSON.stringify(headers), response },
      ]),
    ),
  });

  it('takes the answer to the same GET with the same headers once, instead of asking again', async () => {
    const h = harness({
      handler: () => json(200, { from: 'server' }),
      early: earlyScope({ '/api/sites': Promise.resolve(json(200, { from: 'page' })) }),
    });
    await expect(h.client.get('/sites')).resolves.toEqual({ from: 'page' });
    expect(h.calls).toHaveLength(0);
    await expect(h.client.get('/sites')).resolves.toEqual({ from: 'server' });
    expect(h.calls).toHaveLength(1);
  });

  it('asks the server itself when the page asked as someone else, too long ago, or for a write', async () => {
    const other = harness({
      handler: () => json(200, { from: 'server' }),
      early: earlyScope(
        { '/api/sites': Promise.resolve(json(200, { from: 'page' })) },
        callHeaders({ accessToken: 'access-0', clientId: 'petti-web' }, 'device-1'),
      ),
    });
    await expect(other.client.get('/sites')).resolves.toEqual({ from: 'server' });
    const old = harness({
      handler: () => json(200, { from: 'server' }),
      early: earlyScope(
        { '/api/sites': Promise.resolve(json(200, { from: 'page' })) },
        sent,
        Date.now() - EARLY_REQUEST_MAX_AGE_MS - 1,
      ),
    });
    await expect(old.client.get('/sites')).resolves.toEqual({ from: 'server' });
    const write = harness({
      handler: () => json(200, { from: 'server' }),
      early: earlyScope({ '/api/sites': Promise.resolve(json(200, { from: 'page' })) }),
    });
    await expect(write.client.post('/sites', {})).resolves.toEqual({ from: 'server' });
  });

  it('treats an early request that failed as its own first try: a GET is tried again', async () => {
    const h = harness({
      handler: () => json(200, { from: 'server' }),
      early: earlyScope({ '/api/sites': Promise.reject(new TypeError('Failed to fetch')) }),
    });
    await expect(h.client.get('/sites')).resolves.toEqual({ from: 'server' });
    expect(h.calls).toHaveLength(1);
    expect(h.sleeps).toEqual([100]);
  });

  it('renews the session when the early answer is a 401, and repeats the call itself', async () => {
    const h = harness({
      handler: (call) =>
        call.url.endsWith('/auth/refresh')
          ? renewedTokens()
          : json(200, { token: call.headers.Authorization }),
      early: earlyScope({ '/api/sites': Promise.resolve(json(401, errorBody('Unauthorized'))) }),
    });
    await expect(h.client.get('/sites')).resolves.toEqual({ token: 'Bearer access-2' });
    expect(refreshCalls(h.calls)).toHaveLength(1);
  });

  it('gives up on an early answer that never comes, as on a request, when the caller cancels', async () => {
    const h = harness({
      handler: () => json(200, { from: 'server' }),
      early: earlyScope({ '/api/sites': new Promise<Response>(() => {}) }),
    });
    const controller = new AbortController();
    const answer = h.client.get('/sites', { signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.aborted });
  });
});

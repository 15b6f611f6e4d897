/** The one kind of failure the API client throws, and how a failed answer becomes one. */

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

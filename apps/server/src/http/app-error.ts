import { ERRORS, type ErrorCode, NOT_FOUND, type NotFoundThing } from '@petti/shared';

/**
 * A failure the client should see as `{ error: { code, message } }`. The status comes from the
 * shared catalogue unless given; the message defaults to the catalogue's English text.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode | (string & {}),
    message?: string,
    options: { status?: number; headers?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    const entry = (ERRORS as Record<string, { status: number; en: string }>)[code];
    super(message ?? entry?.en ?? code);
    this.name = 'AppError';
    this.status = options.status ?? entry?.status ?? 400;
    this.headers = options.headers;
    this.details = options.details;
  }
  readonly headers: Record<string, string> | undefined;
  readonly details: Record<string, unknown> | undefined;
}

/** A ResourceNotFound naming what is missing, so the app can say it in the shopper's language. */
export const notFound = (thing: NotFoundThing) =>
  new AppError('ResourceNotFound', NOT_FOUND[thing].en, { details: { thing } });

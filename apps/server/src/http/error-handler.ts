import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isLostRace, isPoolWaitTimeout } from '../db/errors.ts';
import { AppError } from './app-error.ts';
import { busy } from './overload.ts';

/** fastify-type-provider-zod's shape of one zod issue. */
interface Issue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: string[] };
}

/** `body.phone: Invalid input` style, naming the field so the client can point at it. */
function describeValidation(
  context: string | undefined,
  issues: readonly Issue[],
): { message: string; field: string } {
  const first = issues[0] ?? {};
  const path = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  // For an unexpected field zod points at the object; name the field itself.
  const extra =
    first.keyword === 'unrecognized_keys' && first.params?.keys?.length ? first.params.keys.join(', ') : '';
  const field = [context, path, extra].filter(Boolean).join('.') || 'request';
  const rest = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return { message: `${field}: ${first.message ?? 'is not valid'}${rest}`, field };
}

function send(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  extra?: Record<string, unknown>,
) {
  return reply.code(status).send({ error: { code, message, ...extra } });
}

export function installErrorHandling(app: FastifyInstance): void {
  // A NUL character anywhere in the address, the query or a JSON body is bad input, never a 500 from
  // the database: PostgreSQL text cannot hold it.
  app.addHook('preValidation', async (request) => {
    if (
      request.url.includes('%00') ||
      holdsNul(request.params) ||
      holdsNul(request.query) ||
      holdsNul(request.body)
    ) {
      throw new AppError('Validation', 'The request holds a character that is not allowed (NUL).');
    }
  });
  app.setErrorHandler(
    (err: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
      if (err instanceof AppError) {
        if (err.headers) reply.headers(err.headers);
        if (err.status >= 500) request.log.error({ err }, 'request failed');
        return send(reply, err.status, err.code, err.message, err.details);
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const { message, field } = describeValidation(
          err.validationContext,
          err.validation as unknown as Issue[],
        );
        return send(reply, 400, 'Validation', message, { field });
      }
      if (isResponseSerializationError(err)) {
        request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
        return send(reply, 500, 'InternalFailure', 'Something went wrong,Please try again!');
      }
      if (isPoolWaitTimeout(err)) {
        // No connection within the wait: nothing reached the database (a transaction that had begun
        // is rolled back, a flow undoes its earlier steps), so the caller may come back.
        request.server.metrics?.shed('database');
        request.log.warn('no database connection within the wait: answered busy');
        const answer = busy(request.server.ctx.config);
        reply.headers(answer.headers ?? {});
        return send(reply, answer.status, answer.code, answer.message);
      }
      if (isLostRace(err)) {
        // A conditional write that lost to a concurrent one: nothing was written, the caller tries again.
        request.log.warn({ err }, 'write lost a race');
        const lost = new AppError('ConditionalCheckFailedException');
        return send(reply, lost.status, lost.code, lost.message);
      }
      const fe = err as FastifyError;
      const status = fe.statusCode ?? 500;
      if (status === 429)
        return send(reply, 429, 'Throttling', fe.message || 'Too many attempts. Please wait and try again.');
      if (status === 413) return send(reply, 413, 'PayloadTooLarge', 'That request is too large.');
      if (status === 404) return send(reply, 404, 'ResourceNotFound', fe.message);
      if (status >= 400 && status < 500) {
        // Malformed JSON, wrong content type, missing body and the like: say what Fastify found.
        return send(reply, status, 'Validation', fe.message);
      }
      request.log.error({ err }, 'unhandled error');
      // Never a stack trace or an internal message to the client.
      return send(reply, 500, 'InternalFailure', 'Something went wrong,Please try again!');
    },
  );
}

/** `{ error: { code, message } }` as a raw HTTP response, for failures before Fastify has a request. */
function rawError(status: number, reason: string, code: string, message: string): string {
  const body = JSON.stringify({ error: { code, message } });
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Failures Fastify answers before routing (a URL that is not valid percent-encoding, a path parameter
 * over its limit): the same `{ error }` shape as every other failure.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .code(status)
    .send({ error: { code: 'Validation', message: 'The address of this request is not valid.' } });
}

/**
 * Failures Node's HTTP parser finds before Fastify sees a request (headers over 16 KB, a malformed
 * request line): answered in the same shape, and the connection closed.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const response =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? rawError(
          431,
          'Request Header Fields Too Large',
          'PayloadTooLarge',
          'The request headers are too large.',
        )
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? rawError(408, 'Request Timeout', 'Validation', 'The request took too long to arrive.')
        : rawError(400, 'Bad Request', 'Validation', 'The request is not valid HTTP.');
  socket.end(response);
}

const NUL = '\u0000';

/** Whether any string in this value (deep) holds a NUL character, which PostgreSQL text refuses. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes(NUL) || holdsNul(v, depth + 1));
}

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';

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

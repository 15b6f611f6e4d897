import { ERRORS } from '@petti/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }).catchall(z.unknown()),
});

/** The error answers most routes may give, for the OpenAPI page; the rest are added by `documentEveryAnswer`. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
} as const;

/** What each refusal means, said once for every route that can give it. */
const MEANING: Record<number, string> = {
  400: 'The request breaks a rule of this document, or a rule said in words in its descriptions.',
  401: 'Not signed in, the session ended, or the ops token is missing or wrong.',
  403: 'Signed in, but without the role this needs (a member of the shop, an operator, the resident).',
  404: 'The thing named by the path is not there, or is not the caller’s.',
  409: 'The thing changed or is in a state that does not allow this; ask again or fetch it afresh.',
  413: 'The body is larger than this route takes.',
  414: 'The address is longer than the server reads (a path parameter over 2,048 characters).',
  415: 'The body is not in the content type this route takes.',
  422: 'Well formed, but the rules of the product refuse it (the message says which).',
  429: 'Too many requests from this address or account; `Retry-After` says when to come back.',
  503: 'Busy or a service this needs is down; `Retry-After` says when to come back.',
};

/** The catalogue's codes of one status, for the description of that answer (docs/architecture.md#the-api-document). */
function codesOf(status: number): string[] {
  return Object.entries(ERRORS as Record<string, { status: number }>)
    .filter(([, e]) => e.status === status)
    .map(([code]) => code);
}

const errorAnswerSchemas = new Map<number, z.ZodType>();
/** `{ error: { code, message } }` with what the status means and the codes it may carry. */
export function errorAnswer(status: number): z.ZodType {
  let schema = errorAnswerSchemas.get(status);
  if (!schema) {
    const codes = codesOf(status);
    schema = errorBodySchema.describe(
      `${MEANING[status] ?? 'Refused.'}${codes.length ? ` Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.` : ''}`,
    );
    errorAnswerSchemas.set(status, schema);
  }
  return schema;
}

const ANSWERS = Symbol.for('petti.documentedAnswers');
type Hook = ((...args: never[]) => unknown) & { [ANSWERS]?: readonly number[] };

/** Marks a guard with the refusals it gives, so every route it guards documents them. */
export function answersWith<T extends (...args: never[]) => unknown>(
  guard: T,
  statuses: readonly number[],
): T {
  Object.defineProperty(guard, ANSWERS, { value: statuses });
  return guard;
}

const hooksOf = (value: unknown): Hook[] =>
  (Array.isArray(value) ? value : value ? [value] : []).filter((h): h is Hook => typeof h === 'function');

/**
 * Adds to each API route's document the refusals it can give whatever its handler does: 400 for
 * input it checks, 404 and 414 for a path with parameters, 413 and 415 for a body, 429 where a rate
 * limit holds, 503 where load is shed, and its guards' own (401, 403). Install after the rate
 * limits (it reads their marks) and before the OpenAPI plugin (which reads the schemas).
 */
export function documentEveryAnswer(app: FastifyInstance, shed: (url: string) => boolean): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as (Record<string, unknown> & { hide?: boolean }) | undefined;
    if (!route.url.startsWith('/api/') || !schema || schema.hide) return;
    const statuses = new Set<number>();
    if (schema.params || schema.querystring || schema.body || schema.headers) statuses.add(400);
    if (route.url.includes(':')) {
      statuses.add(404);
      statuses.add(414);
    }
    if (schema.body) {
      statuses.add(413);
      statuses.add(415);
    }
    if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.add(429);
    if (shed(route.url)) statuses.add(503);
    for (const hook of [
      ...hooksOf(route.onRequest),
      ...hooksOf(route.preValidation),
      ...hooksOf(route.preHandler),
    ])
      for (const status of hook[ANSWERS] ?? []) statuses.add(status);
    const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
    for (const status of statuses) if (!(status in response)) response[status] = errorAnswer(status);
    route.schema = { ...schema, response };
  });
}

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A string a request may carry: no NUL anywhere (PostgreSQL text cannot hold it). */
const NO_NUL = '^[^\\u0000]*$';

/** Every string schema in a request's schema, told that NUL is refused (http/error-handler.ts). */
function refuseNul(schema: unknown): void {
  if (!isObject(schema)) return;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (
    types.includes('string') &&
    schema.pattern === undefined &&
    schema.enum === undefined &&
    schema.const === undefined &&
    schema.format === undefined
  )
    schema.pattern = NO_NUL;
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'propertyNames'])
    refuseNul(schema[key]);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'])
    if (Array.isArray(schema[key])) for (const s of schema[key] as unknown[]) refuseNul(s);
  if (isObject(schema.properties)) for (const s of Object.values(schema.properties)) refuseNul(s);
}

const retryAfter = {
  'Retry-After': {
    description: 'Seconds to wait before asking again.',
    schema: { type: 'integer', minimum: 0 },
  },
};

/**
 * The finished document, made true where the schemas cannot say it themselves: request strings
 * refuse NUL; busy and throttled answers carry `Retry-After`.
 */
export function finishDocument(doc: JsonObject): JsonObject {
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const ops of Object.values(paths)) {
    if (!isObject(ops)) continue;
    for (const op of Object.values(ops)) {
      if (!isObject(op)) continue;
      for (const p of Array.isArray(op.parameters) ? op.parameters : []) if (isObject(p)) refuseNul(p.schema);
      const body = isObject(op.requestBody) && isObject(op.requestBody.content) ? op.requestBody.content : {};
      for (const media of Object.values(body)) if (isObject(media)) refuseNul(media.schema);
      const responses = isObject(op.responses) ? op.responses : {};
      for (const [status, answer] of Object.entries(responses)) {
        if (!isObject(answer)) continue;
        if (status === '429' || status === '503' || status === '423')
          answer.headers = { ...retryAfter, ...(isObject(answer.headers) ? answer.headers : {}) };
      }
    }
  }
  return doc;
}

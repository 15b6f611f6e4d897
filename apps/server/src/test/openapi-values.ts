import type { FastifyInstance } from 'fastify';

/**
 * Values for an operation of the OpenAPI document, from its own JSON schemas: valid-shaped ones, and
 * hostile ones (wrong types, huge and odd strings, NUL, prototype keys). Seeded, so a run repeats.
 * Used by the fuzz suite and the authorization matrix (docs/deploy.md#hardening-already-in-place).
 */
export type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  not?: Schema;
  pattern?: string;
  examples?: unknown[];
  default?: unknown;
  description?: string;
  minProperties?: number;
  dependentRequired?: Record<string, string[]>;
  if?: Schema;
  then?: Schema;
};
export interface Operation {
  method: string;
  path: string;
  params: Array<{ in: string; name: string; schema: Schema; required?: boolean }>;
  body?: Schema;
}

/** mulberry32: a small seeded generator, so a failing run can be repeated with FUZZ_SEED. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '__proto__',
  'constructor',
  'prototype',
  "' or 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection attempt, sent as text
  '${7*7}',
  '\ud800',
  '🙂'.repeat(50),
  'தமிழ்',
  'x'.repeat(10_000),
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '2026-13-45T99:99:99Z',
  '9'.repeat(40),
];
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  [],
  {},
  [null],
  { __proto__: { admin: true } },
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
  ...HOSTILE_STRINGS,
];

export function generator(rand: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const chance = (p: number) => rand() < p;

  function valid(s: Schema | undefined, depth = 0): unknown {
    if (!s || depth > 6) return null;
    if (s.const !== undefined) return s.const;
    if (s.enum) return pick(s.enum);
    // A schema that cannot be generated from its shape (a phone number, a pair of times) gives examples.
    if (s.examples?.length) return pick(s.examples);
    const variants = s.anyOf ?? s.oneOf;
    if (variants?.length) return valid(pick(variants), depth + 1);
    if (s.allOf?.length) return valid(s.allOf[0], depth + 1);
    const type = Array.isArray(s.type) ? pick(s.type.filter((x) => x !== 'null')) : s.type;
    switch (type) {
      case 'string': {
        if (s.format === 'date-time')
          return new Date(Date.UTC(2026, 10, 20 + Math.floor(rand() * 10))).toISOString();
        if (s.format === 'date')
          return new Date(Date.UTC(2026, 10, 20 + Math.floor(rand() * 10))).toISOString().slice(0, 10);
        if (s.format === 'email') return `someone${Math.floor(rand() * 1000)}@example.com`;
        if (s.format === 'uri') return 'https://example.com/x';
        const min = s.minLength ?? 0;
        const max = Math.min(s.maxLength ?? 24, 64);
        const length = min + Math.floor(rand() * Math.max(1, max - min + 1));
        const digits = s.pattern && /\\d|\[0-9\]/.test(s.pattern);
        return Array.from({ length: Math.max(min, Math.min(length, max)) }, () =>
          digits ? String(Math.floor(rand() * 10)) : pick('abcdefghijklmnopqrstuvwxyz0123456789-'.split('')),
        ).join('');
      }
      case 'integer':
      case 'number': {
        const min = s.minimum ?? 0;
        const max = s.maximum ?? min + 1000;
        const n = min + rand() * (max - min);
        return type === 'integer' ? Math.floor(n) : n;
      }
      case 'boolean':
        return chance(0.5);
      case 'array':
        return Array.from({ length: Math.floor(rand() * 3) }, () => valid(s.items, depth + 1));
      default: {
        // objects, and anything untyped
        if (!s.properties) return type === 'object' ? {} : null;
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(s.properties))
          if (s.required?.includes(k) || chance(0.5)) out[k] = valid(v, depth + 1);
        return out;
      }
    }
  }

  /** A valid-looking value with some of it made hostile. */
  function hostile(s: Schema | undefined, depth = 0): unknown {
    if (chance(0.3) || !s || depth > 6) return pick(HOSTILE_VALUES);
    if (s.properties && chance(0.8)) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties))
        if (chance(0.7)) out[k] = chance(0.5) ? hostile(v, depth + 1) : valid(v, depth + 1);
      if (chance(0.2))
        out[pick(['__proto__', 'constructor', 'extra', 'x'.repeat(300)])] = pick(HOSTILE_VALUES);
      return out;
    }
    if (s.items && chance(0.5))
      return Array.from({ length: pick([0, 1, 50, 500]) }, () => hostile(s.items, depth + 1));
    return pick(HOSTILE_VALUES);
  }

  return { valid, hostile, pick, chance };
}

/** A body's schema, with the example the document gives beside it (swagger moves an object's examples there). */
function withExample(content: { schema: Schema; example?: unknown } | undefined): Schema | undefined {
  if (!content) return undefined;
  return content.example === undefined ? content.schema : { ...content.schema, examples: [content.example] };
}

/** The app's OpenAPI document, as `/api/docs/json` serves it (the parts read here). */
export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation['params'];
        requestBody?: { content?: Record<string, { schema: Schema; example?: unknown }> };
        security?: Array<Record<string, unknown>>;
      }
    >
  >;
}

/** Every operation of an OpenAPI document, read from a running server as from an app in a test. */
export function operationsFromDocument(doc: OpenApiDocument): Array<Operation & { secured: boolean }> {
  const out: Array<Operation & { secured: boolean }> = [];
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops))
      out.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: withExample(op.requestBody?.content?.['application/json']),
        secured: (op.security ?? []).some((s) => 'bearer' in s),
      });
  return out;
}

/** Every operation of the app's OpenAPI document. */
export async function operationsOf(app: FastifyInstance): Promise<Array<Operation & { secured: boolean }>> {
  return operationsFromDocument(
    (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument,
  );
}

/** Percent-encoded; a lone surrogate cannot be, so it goes as a byte sequence that is not UTF-8. */
const encoded = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

export interface FuzzRequest {
  method: string;
  /** Path and query, already encoded. */
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * One fuzzing request for an operation (the fuzz suite's, and the hostile crowd's of
 * tools/bench/crowd.ts): half of them schema-shaped, half hostile in their path, query or body; most
 * signed in, some ops calls with the ops token, most writes with an idempotency key.
 */
export function fuzzRequest(
  g: ReturnType<typeof generator>,
  op: Operation,
  n: number,
  signedIn: Record<string, string>,
  opsToken: string,
): FuzzRequest {
  const hostile = g.chance(0.5);
  const query: Record<string, string> = {};
  let url = op.path;
  for (const p of op.params) {
    const value = hostile && g.chance(0.5) ? g.hostile(p.schema) : g.valid(p.schema);
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encoded(text || 'x'));
    else if (p.in === 'query' && (p.required || g.chance(0.6))) query[p.name] = text;
  }
  let qs = '';
  try {
    qs = new URLSearchParams(query).toString();
  } catch {
    qs = 'q=%ED%A0%80';
  }
  const body = op.body ? (hostile ? g.hostile(op.body) : g.valid(op.body)) : undefined;
  return {
    method: op.method,
    url: qs ? `${url}?${qs}` : url,
    headers: {
      ...(g.chance(0.8) ? signedIn : {}),
      ...(op.path.startsWith('/api/ops') && g.chance(0.5) ? { authorization: `Bearer ${opsToken}` } : {}),
      ...(op.method === 'POST' && g.chance(0.7) ? { 'idempotency-key': `fuzz-${n}` } : {}),
    },
    body: op.method === 'GET' ? undefined : body,
  };
}

/**
 * What is wrong with an answer to a fuzzing request, or null: a 5xx (but a 503 or 429 with
 * `Retry-After` when `busyAllowed`: overload is an answer, docs/deploy.md#overload), or a refusal
 * outside `{ error: { code, message } }`. A page for people (testpay's checkout) answers its refusals
 * as a page; the API never does.
 */
export function fuzzProblem(
  status: number,
  contentType: string | undefined,
  body: string,
  retryAfter: string | undefined,
  busyAllowed = false,
): string | null {
  if ((status === 503 || status === 429) && busyAllowed)
    return retryAfter ? null : `answered ${status} without Retry-After`;
  if (status >= 500) return `answered ${status}`;
  if (status >= 400 && !String(contentType).startsWith('text/html')) {
    let error: { code?: unknown; message?: unknown } | undefined;
    try {
      error = (JSON.parse(body) as { error?: { code?: unknown; message?: unknown } }).error;
    } catch {
      error = undefined;
    }
    if (typeof error?.code !== 'string' || typeof error.message !== 'string')
      return `answered ${status} outside the error shape`;
  }
  return null;
}

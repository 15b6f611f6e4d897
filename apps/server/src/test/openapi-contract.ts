import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { Schema } from './openapi-values.ts';

/**
 * The OpenAPI document as a contract a client can rely on (docs/architecture.md#the-api-document):
 * input built from the document alone (valid, and one rule broken at a time), and every answer
 * checked against what the document says of its status, content type, headers and body.
 */
/** The JSON Schema keywords the document uses (the fuzz suite's own reading of them). */
export type JsonSchema = Schema;

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface DocumentedAnswer {
  description?: string;
  headers?: Record<string, { schema?: JsonSchema; required?: boolean }>;
  content?: Record<string, { schema?: JsonSchema }>;
}

export interface ContractOperation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { schema: JsonSchema; required: boolean; mediaType: string; example?: unknown };
  responses: Record<string, DocumentedAnswer>;
  secured: boolean;
}

interface Document {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: {
          required?: boolean;
          content?: Record<string, { schema: JsonSchema; example?: unknown }>;
        };
        responses?: Record<string, DocumentedAnswer>;
        security?: Array<Record<string, unknown>>;
      }
    >
  >;
}

export function contractOperations(doc: Document): ContractOperation[] {
  const out: ContractOperation[] = [];
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops)) {
      const content = op.requestBody?.content ?? {};
      const mediaType = Object.keys(content)[0];
      const entry = mediaType ? content[mediaType] : undefined;
      out.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        ...(entry && mediaType
          ? {
              body: {
                schema: entry.schema,
                required: op.requestBody?.required ?? false,
                mediaType,
                ...(entry.example !== undefined ? { example: entry.example } : {}),
              },
            }
          : {}),
        responses: op.responses ?? {},
        secured: (op.security ?? []).length > 0,
      });
    }
  return out;
}

/** A seeded source of values: fast-check's generators, driven one sample at a time. */
export function values(seed: number) {
  let n = seed;
  const one = <T>(arb: fc.Arbitrary<T>): T => fc.sample(arb, { seed: n++, numRuns: 1 })[0] as T;

  function string(s: JsonSchema): string {
    const min = s.minLength ?? 0;
    const max = s.maxLength ?? (s.pattern ? 10_000 : Math.max(min, 24));
    if (s.format === 'date-time') return new Date(Date.UTC(2026, 10, 20, 10)).toISOString();
    if (s.format === 'date') return '2026-11-20';
    if (s.format === 'email') return `someone${one(fc.nat(999))}@example.com`;
    if (s.format === 'uuid') return one(fc.uuid({ version: 4 }));
    if (s.format === 'uri') return 'https://example.com/x';
    // The document's "no NUL" rule (http/openapi.ts) holds for any printable text.
    if (s.pattern && s.pattern !== '^[^\\u0000]*$') {
      const re = new RegExp(s.pattern, 'u');
      // Lengths are counted as JSON Schema counts them: in code points.
      const fits = (v: string) => [...v].length >= min && [...v].length <= max && re.test(v);
      for (const size of ['xsmall', 'small', 'medium', 'large'] as const)
        for (let tries = 0; tries < 50; tries++) {
          const v = one(fc.stringMatching(re, { size }));
          if (fits(v)) return v;
        }
      throw new Error(`no string of ${min}–${max} found for /${s.pattern}/`);
    }
    return one(
      fc
        .string({
          unit: 'grapheme-ascii',
          minLength: Math.max(min, 1),
          maxLength: Math.min(max, Math.max(min, 24)),
        })
        .filter((v) => v.trim().length > 0),
    );
  }

  function number(s: JsonSchema, integer: boolean): number {
    const lo =
      s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-6) : (s.minimum ?? 0);
    const hi =
      s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-6) : (s.maximum ?? lo + 100);
    const top = Math.min(hi, lo + 1_000_000);
    if (integer) {
      const step = s.multipleOf ?? 1;
      const from = Math.ceil(lo / step);
      const to = Math.floor(top / step);
      return one(fc.integer({ min: from, max: Math.max(from, to) })) * step;
    }
    return one(fc.double({ min: lo, max: top, noNaN: true, noDefaultInfinity: true }));
  }

  /** A value the schema accepts, from the schema alone (its examples first, as a client would). */
  function valid(s: JsonSchema | undefined, depth = 0): unknown {
    if (!s || depth > 8) return null;
    if (s.examples?.length) return s.examples[0];
    if (s.const !== undefined) return s.const;
    if (s.enum) return s.enum[one(fc.nat(s.enum.length - 1))];
    if (s.allOf?.length && !s.properties) return valid(Object.assign({}, ...s.allOf), depth + 1);
    const variants = s.anyOf ?? s.oneOf;
    if (variants?.length) {
      const concrete = variants.filter((v) => v.type !== 'null');
      return valid((concrete.length ? concrete : variants)[0], depth + 1);
    }
    const types = Array.isArray(s.type) ? s.type.filter((x) => x !== 'null') : s.type ? [s.type] : [];
    const type = types[0] ?? (s.properties ? 'object' : undefined);
    switch (type) {
      case 'string':
        return string(s);
      case 'integer':
        return number(s, true);
      case 'number':
        return number(s, false);
      case 'boolean':
        return true;
      case 'null':
        return null;
      case 'array': {
        const length = Math.max(s.minItems ?? 0, Math.min(1, s.maxItems ?? 1));
        return Array.from({ length }, () => valid(s.items, depth + 1));
      }
      case 'object': {
        const properties = s.properties ?? {};
        const out: Record<string, unknown> = {};
        const add = (k: string) => {
          if (!(k in out) && properties[k]) out[k] = valid(properties[k], depth + 1);
        };
        for (const k of s.required ?? []) add(k);
        // The conditions a body's document states: `if` this property has this value, `then` these.
        for (const rule of s.allOf ?? []) {
          const when = Object.entries(rule.if?.properties ?? {});
          const is = (k: string, c: JsonSchema) =>
            out[k] === (c.const ?? (c.enum?.length === 1 ? c.enum[0] : Symbol('no value')));
          if (when.length && when.every(([k, c]) => is(k, c)))
            for (const k of rule.then?.required ?? []) add(k);
        }
        for (const k of Object.keys(properties)) {
          if (Object.keys(out).length >= (s.minProperties ?? 0)) break;
          add(k);
        }
        for (const [k, needs] of Object.entries(s.dependentRequired ?? {})) if (k in out) needs.forEach(add);
        return out;
      }
      default:
        return 'x';
    }
  }

  return { valid, one };
}

/** One rule of a schema broken, with the rule's name, for a request the document forbids. */
export interface Breach {
  rule: string;
  value: unknown;
}

/**
 * Values the schema refuses, each breaking one of its rules, built from a valid one. Only rules that
 * hold whatever the rest of the value is are broken (a wrong type, a length, a range, a pattern, a
 * value outside an enum, a missing or unknown property).
 */
export function breaches(s: JsonSchema, validValue: unknown, asText: boolean): Breach[] {
  const out: Breach[] = [];
  if (s.anyOf || s.oneOf || s.allOf || s.not) return out;
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (s.enum && !s.enum.includes('zz-not-listed')) out.push({ rule: 'enum', value: 'zz-not-listed' });
  if (types.includes('string') && !s.enum) {
    if (s.maxLength !== undefined) out.push({ rule: 'maxLength', value: 'a'.repeat(s.maxLength + 1) });
    if (s.minLength && s.minLength > 0 && !s.pattern)
      out.push({ rule: 'minLength', value: 'a'.repeat(s.minLength - 1) });
    if (s.pattern) {
      const re = new RegExp(s.pattern, 'u');
      const probe = ['', '\u0000', '~~~', '0'.repeat(3), ' '].find(
        (v) => !re.test(v) && (s.minLength ?? 0) <= v.length,
      );
      if (probe !== undefined) out.push({ rule: 'pattern', value: probe });
    }
    if (!asText && !types.includes('number') && !types.includes('integer') && !types.includes('object'))
      out.push({ rule: 'type', value: 12345 });
  }
  if ((types.includes('integer') || types.includes('number')) && !types.includes('string')) {
    if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER)
      out.push({ rule: 'maximum', value: s.maximum + 1 });
    if (s.minimum !== undefined && s.minimum > Number.MIN_SAFE_INTEGER)
      out.push({ rule: 'minimum', value: s.minimum - 1 });
    if (types.includes('integer')) out.push({ rule: 'integer', value: asText ? '1.5' : 1.5 });
    out.push({ rule: 'type', value: asText ? 'not-a-number' : 'not-a-number' });
  }
  if (types.includes('boolean') && !types.includes('string'))
    out.push({ rule: 'type', value: asText ? 'maybe' : 'maybe' });
  if (types.includes('array') && !asText) {
    out.push({ rule: 'type', value: 'not-a-list' });
    if (s.maxItems !== undefined && Array.isArray(validValue) && validValue.length > 0)
      out.push({ rule: 'maxItems', value: Array.from({ length: s.maxItems + 1 }, () => validValue[0]) });
    if (s.minItems && s.minItems > 0) out.push({ rule: 'minItems', value: [] });
  }
  if ((types.includes('object') || s.properties) && !asText && validValue && typeof validValue === 'object') {
    const v = validValue as Record<string, unknown>;
    for (const name of s.required ?? []) {
      const { [name]: _dropped, ...rest } = v;
      out.push({ rule: `required ${name}`, value: rest });
      break;
    }
    if (s.additionalProperties === false)
      out.push({ rule: 'additionalProperties', value: { ...v, zzUnknown: 1 } });
    out.push({ rule: 'type', value: 'not-an-object' });
  }
  return out;
}

/** What the document says of every answer, checked: status, content type, headers and body. */
export function answerChecker() {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats.default(ajv);
  const cache = new WeakMap<object, ValidateFunction>();
  const compiled = (schema: JsonSchema) => {
    let f = cache.get(schema);
    if (!f) {
      f = ajv.compile(schema);
      cache.set(schema, f);
    }
    return f;
  };
  return (
    op: ContractOperation,
    answer: { statusCode: number; headers: Record<string, unknown>; body: string },
  ): string | null => {
    const documented =
      op.responses[String(answer.statusCode)] ??
      op.responses[`${String(answer.statusCode)[0]}XX`] ??
      op.responses.default;
    if (!documented)
      return `answered ${answer.statusCode}, not in the document (${Object.keys(op.responses).join(', ')})`;
    for (const [name, header] of Object.entries(documented.headers ?? {})) {
      const value = answer.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required) return `${answer.statusCode} without its documented header ${name}`;
        continue;
      }
      if (header.schema && !compiled(header.schema)(header.schema.type === 'integer' ? Number(value) : value))
        return `${answer.statusCode} header ${name}: ${String(value)} is not as documented`;
    }
    const media = Object.keys(documented.content ?? {});
    if (media.length === 0) {
      if (answer.body.length > 0 && answer.statusCode !== 204 && answer.statusCode !== 304)
        return `${answer.statusCode} has a body where the document says none`;
      return null;
    }
    const type = String(answer.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    const matched = media.find(
      (m) => m === type || m === '*/*' || (m.endsWith('/*') && type.startsWith(m.slice(0, -1))),
    );
    if (!matched)
      return `${answer.statusCode} came as ${type || 'no content type'}, the document says ${media.join(', ')}`;
    const schema = documented.content?.[matched]?.schema;
    if (!schema || !matched.includes('json')) return null;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `${answer.statusCode} body is not JSON`;
    }
    const check = compiled(schema);
    if (!check(body)) {
      const e = check.errors?.[0];
      return `${answer.statusCode} body breaks the document at ${e?.instancePath || '/'}: ${e?.message} (${JSON.stringify(e?.params)})`;
    }
    return null;
  };
}

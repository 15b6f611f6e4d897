import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpUser } from '../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { generator, type Operation, operationsOf, random } from '../test/openapi-values.ts';

/**
 * Every operation of the OpenAPI document, driven with input shaped by its own schemas and with hostile
 * input (wrong types, huge and odd strings, NUL, prototype keys, path tricks): nothing may answer 5xx,
 * and every refusal must be `{ error: { code, message } }`. FUZZ_REQUESTS sets how many (CI: 10,000);
 * FUZZ_SEED repeats a run.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 100_000);

/** Percent-encoded; a lone surrogate cannot be, so it goes as a byte sequence that is not UTF-8. */
const encoded = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

let t: TestApp;
let operations: Operation[] = [];
let headers: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({
    env: { AUTH_IP_CODES_PER_HOUR: '10000', RATE_LIMIT_SEARCHES_PER_MINUTE: '100000' },
  });
  const user = await signUpUser(t.app);
  headers = authHeaders(user.tokens.accessToken);
  operations = await operationsOf(t.app);
  // Signing out or deleting the account would only make the rest of the run anonymous: left to the end.
  operations = operations.filter((o) => !/\/auth\/sign-out|^\/api\/me$/.test(o.path) || o.method === 'GET');
}, 60_000);
afterAll(() => t?.close());

describe('fuzzing every operation', () => {
  it(`answers ${REQUESTS} schema-shaped and hostile requests without a 5xx, each refusal in the one shape (seed ${SEED})`, async () => {
    const g = generator(random(SEED));
    const failures: string[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < REQUESTS; i++) {
      const op = operations[i % operations.length]!;
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
      const res = await t.app.inject({
        method: op.method as 'GET',
        url: qs ? `${url}?${qs}` : url,
        headers: {
          ...(g.chance(0.8) ? headers : {}),
          ...(op.path.startsWith('/api/ops') && g.chance(0.5)
            ? { authorization: `Bearer ${t.ctx.config.OPS_TOKEN}` }
            : {}),
          ...(op.method === 'POST' && g.chance(0.7) ? { 'idempotency-key': `fuzz-${i}` } : {}),
        },
        ...(body !== undefined && op.method !== 'GET' ? { payload: body as object } : {}),
      });
      const where = `${op.method} ${op.path}`;
      let problem: string | null = null;
      if (res.statusCode >= 500) problem = `answered ${res.statusCode}`;
      // A page for people (testpay's checkout) answers its refusals as a page; the API never does.
      else if (res.statusCode >= 400 && !String(res.headers['content-type']).startsWith('text/html')) {
        const error = (() => {
          try {
            return (res.json() as { error?: { code?: unknown; message?: unknown } }).error;
          } catch {
            return undefined;
          }
        })();
        if (typeof error?.code !== 'string' || typeof error.message !== 'string')
          problem = `answered ${res.statusCode} outside the error shape`;
      }
      if (problem && !seen.has(`${where} ${problem}`)) {
        seen.add(`${where} ${problem}`);
        failures.push(
          `${where} ${problem}: ${res.body.slice(0, 300)}\n    sent ${url}?${qs} ${JSON.stringify(body)?.slice(0, 300)}`,
        );
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 600_000);
});

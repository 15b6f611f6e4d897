import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpUser } from '../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import {
  fuzzProblem,
  fuzzRequest,
  generator,
  type Operation,
  operationsOf,
  random,
} from '../test/openapi-values.ts';

/**
 * Every operation of the OpenAPI document, driven with input shaped by its own schemas and with hostile
 * input (wrong types, huge and odd strings, NUL, prototype keys, path tricks): nothing may answer 5xx,
 * and every refusal must be `{ error: { code, message } }`. FUZZ_REQUESTS sets how many (CI: 10,000);
 * FUZZ_SEED repeats a run.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 100_000);

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
      const sent = fuzzRequest(g, op, i, headers, t.ctx.config.OPS_TOKEN);
      const res = await t.app.inject({
        method: sent.method as 'GET',
        url: sent.url,
        headers: sent.headers,
        ...(sent.body !== undefined ? { payload: sent.body as object } : {}),
      });
      const where = `${op.method} ${op.path}`;
      const problem = fuzzProblem(
        res.statusCode,
        res.headers['content-type'] as string | undefined,
        res.body,
        res.headers['retry-after'] as string | undefined,
      );
      if (problem && !seen.has(`${where} ${problem}`)) {
        seen.add(`${where} ${problem}`);
        failures.push(
          `${where} ${problem}: ${res.body.slice(0, 300)}\n    sent ${sent.url} ${JSON.stringify(sent.body)?.slice(0, 300)}`,
        );
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 600_000);
});

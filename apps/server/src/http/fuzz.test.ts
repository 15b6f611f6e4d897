import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpUser } from '../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { answerChecker, type ContractOperation, contractOperations } from '../test/openapi-contract.ts';
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
 * every refusal must be `{ error: { code, message } }`, and every answer one the document lists. FUZZ_REQUESTS sets how many (CI: 10,000);
 * FUZZ_SEED repeats a run.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 100_000);

let t: TestApp;
let operations: Operation[] = [];
let headers: Record<string, string> = {};
/** The document's word on each operation's answers, by `METHOD path`. */
let documented = new Map<string, ContractOperation>();

beforeAll(async () => {
  t = await buildTestApp({
    env: { AUTH_IP_CODES_PER_HOUR: '10000', RATE_LIMIT_SEARCHES_PER_MINUTE: '100000' },
  });
  const user = await signUpUser(t.app);
  headers = authHeaders(user.tokens.accessToken);
  operations = await operationsOf(t.app);
  const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  documented = new Map(contractOperations(doc.json()).map((o) => [`${o.method} ${o.path}`, o]));
  // Signing out or deleting the account would only make the rest of the run anonymous: left to the end.
  operations = operations.filter((o) => !/\/auth\/sign-out|^\/api\/me$/.test(o.path) || o.method === 'GET');
}, 60_000);
afterAll(() => t?.close());

describe('fuzzing every operation', () => {
  it(`answers ${REQUESTS} schema-shaped and hostile requests without a 5xx, each refusal in the one shape (seed ${SEED})`, async () => {
    const g = generator(random(SEED));
    const check = answerChecker();
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
      const said = documented.get(where);
      // Beside the one shape of every refusal: each answer is one the document lists, as it says.
      const problem =
        fuzzProblem(
          res.statusCode,
          res.headers['content-type'] as string | undefined,
          res.body,
          res.headers['retry-after'] as string | undefined,
        ) ?? (said ? check(said, res) : 'not in the document');
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

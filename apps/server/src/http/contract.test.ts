import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpUser } from '../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import {
  answerChecker,
  breaches,
  type ContractOperation,
  contractOperations,
  type JsonSchema,
  values,
} from '../test/openapi-contract.ts';

/**
 * The OpenAPI document is the contract (docs/architecture.md#the-api-document): every operation is
 * driven with input built from the document alone. Valid input must get past the server's checks (a
 * signed-out caller of a signed-in route gets 401, not 400); input that breaks one documented rule
 * must be refused with 400; every answer must be one the document lists, in its content type, with
 * its headers and body shape. An operation the test cannot exercise fails it, by name.
 */
const SEED = Number(process.env.CONTRACT_SEED ?? 20261202);

let t: TestApp;
let operations: ContractOperation[] = [];
let signedIn: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({
    env: {
      AUTH_IP_CODES_PER_HOUR: '10000',
      RATE_LIMIT_SEARCHES_PER_MINUTE: '100000',
      RATE_LIMIT_APPLICATIONS_PER_HOUR: '100000',
    },
  });
  const user = await signUpUser(t.app);
  signedIn = authHeaders(user.tokens.accessToken);
  const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  operations = contractOperations(doc.json());
}, 60_000);
afterAll(() => t?.close());

/** Operations that end the caller's session or account: each gets a caller of its own. */
const ENDS_THE_CALLER = /\/auth\/sign-out|\/auth\/global-sign-out|^\/api\/me$/;

interface Built {
  url: string;
  body?: unknown;
}

function build(
  op: ContractOperation,
  v: ReturnType<typeof values>,
  options: { optional?: string | true; breach?: { where: string; value: unknown } } = {},
): Built {
  let url = op.path;
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    const value = options.breach?.where === `${p.in}.${p.name}` ? options.breach.value : v.valid(p.schema);
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(text));
    else if (
      p.in === 'query' &&
      (p.required ||
        options.optional === true ||
        options.optional === p.name ||
        options.breach?.where === `query.${p.name}`)
    )
      query.set(p.name, text);
  }
  const qs = query.toString();
  let body: unknown;
  if (op.body) {
    body = op.body.example ?? v.valid(op.body.schema);
    if (options.breach?.where.startsWith('body')) {
      const field = options.breach.where.slice(5);
      body = field ? { ...(body as object), [field]: options.breach.value } : options.breach.value;
    }
  }
  return { url: qs ? `${url}?${qs}` : url, ...(body !== undefined ? { body } : {}) };
}

async function send(op: ContractOperation, built: Built, headers: Record<string, string>) {
  const res = await t.app.inject({
    method: op.method as 'GET',
    url: built.url,
    headers: {
      ...headers,
      ...(op.method === 'POST'
        ? { 'idempotency-key': `contract-${Math.random().toString(36).slice(2)}` }
        : {}),
      ...(built.body !== undefined ? { 'content-type': op.body?.mediaType ?? 'application/json' } : {}),
    },
    ...(built.body !== undefined ? { payload: encoded(op.body?.mediaType, built.body) } : {}),
  });
  return res;
}

/** A body in the first media type the operation documents, as a client would send it. */
function encoded(mediaType: string | undefined, body: unknown): string {
  if (mediaType === 'application/x-www-form-urlencoded' && body && typeof body === 'object')
    return new URLSearchParams(
      Object.entries(body).map(([k, v]): [string, string] => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]),
    ).toString();
  return JSON.stringify(body);
}

/** A 400 for the input's shape, not a domain refusal (a code that is not valid, an e-mail not added). */
function refusedAsInvalid(body: string): boolean {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code === 'Validation';
  } catch {
    return true;
  }
}

/** Every rule of every input an operation documents, broken one at a time. */
function breachesOf(op: ContractOperation, v: ReturnType<typeof values>) {
  const out: Array<{ where: string; rule: string; value: unknown }> = [];
  for (const p of op.parameters)
    for (const b of breaches(p.schema, v.valid(p.schema), true))
      out.push({ where: `${p.in}.${p.name}`, ...b });
  if (op.body) {
    const schema = op.body.schema;
    const whole = op.body.example ?? v.valid(schema);
    // A form's fields are all text: a number where a word should be is still text.
    const asText = op.body.mediaType !== 'application/json';
    if (!asText) for (const b of breaches(schema, whole, false)) out.push({ where: 'body', ...b });
    for (const [name, prop] of Object.entries(schema.properties ?? {}))
      for (const b of breaches(prop as JsonSchema, v.valid(prop as JsonSchema), asText))
        out.push({ where: `body.${name}`, ...b });
  }
  return out;
}

describe('the API document as a contract', () => {
  it('takes valid input, refuses broken input with 400, and answers only as documented', async () => {
    const check = answerChecker();
    const problems: string[] = [];
    let exercised = 0;
    for (const op of operations) {
      const where = `${op.method} ${op.path}`;
      if (process.env.CONTRACT_TRACE) console.error(where);
      const v = values(SEED);
      const caller =
        ENDS_THE_CALLER.test(op.path) && op.method !== 'GET'
          ? authHeaders((await signUpUser(t.app)).tokens.accessToken)
          : signedIn;
      // Each optional parameter alone, but those that go in pairs (said in words), and all together.
      const optional = op.parameters.filter((p) => p.in === 'query' && !p.required);
      const variants: Array<string | true | undefined> = [
        undefined,
        ...optional
          .filter((p) => !/both or neither/.test(p.description ?? p.schema.description ?? ''))
          .map((p) => p.name),
        ...(optional.length > 1 ? [true as const] : []),
      ];
      let taken = false;
      for (const [who, headers] of [
        ['signed out', {}],
        ['signed in', caller],
      ] as const) {
        for (const extra of variants) {
          const built = build(op, values(SEED), { ...(extra ? { optional: extra } : {}) });
          const res = await send(op, built, headers);
          const wrong = check(op, res);
          if (wrong)
            problems.push(
              `${where} (${who}${extra === true ? ', with all' : extra ? `, with ${extra}` : ''}): ${wrong}`,
            );
          if (res.statusCode === 400 && refusedAsInvalid(res.body))
            problems.push(
              `${where} (${who}${extra === true ? ', with all' : extra ? `, with ${extra}` : ''}): valid input refused: ${res.body.slice(0, 200)} — sent ${built.url} ${JSON.stringify(built.body ?? null).slice(0, 200)}`,
            );
          else taken = true;
        }
      }
      for (const b of breachesOf(op, v)) {
        const res = await send(op, build(op, values(SEED), { breach: b }), caller);
        if (res.statusCode !== 400)
          problems.push(
            `${where}: ${b.where} breaking ${b.rule} (${JSON.stringify(b.value).slice(0, 40)}) answered ${res.statusCode}, not 400`,
          );
        const wrong = check(op, res);
        if (wrong) problems.push(`${where} (${b.where} breaking ${b.rule}): ${wrong}`);
      }
      if (taken) exercised++;
      else problems.push(`${where}: could not be exercised from the document`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect(exercised).toBe(operations.length);
  }, 300_000);
});

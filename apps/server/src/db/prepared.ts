import { is, Param, Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** The statement's values, as placeholders named by their keys, for `prepared`'s builder. */
export type Params<V> = { readonly [K in keyof V & string]: Placeholder<K, V[K]> };

/**
 * A placeholder as the value an update's `.set()` takes: drizzle encodes it with the column's
 * encoder when the values are filled in, as it does in an insert's `.values()`, though its types
 * for `.set()` do not say so (./prepared.test.ts checks it).
 */
export const asSet = <T>(p: Placeholder<string, T>): T => p as unknown as T;

interface Preparable {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown> };
}

type Result<Q extends Preparable> = Awaited<ReturnType<ReturnType<Q['prepare']>['execute']>>;

/** drizzle keeps these on every database and transaction object and on every prepared query. */
export interface WithSession {
  session: { client: unknown };
}

interface Encoder {
  mapToDriverValue(value: unknown): unknown;
}

/**
 * A column's value filled in at run time goes through the column's encoder, null included (a query
 * built anew never encodes null): a null jsonb would be stored as JSON's `null`, a null timestamp
 * would throw. Null stays SQL's NULL here, as it does in a query built anew.
 */
function nullAsNull(params: unknown[]): unknown[] {
  return params.map((p) => {
    if (!is(p, Param) || !is(p.value, Placeholder)) return p;
    const encoder = p.encoder as Encoder;
    return new Param(p.value, {
      mapToDriverValue: (value: unknown) => (value === null ? null : encoder.mapToDriverValue(value)),
    });
  });
}

/** Runs of prepared statements: each was written to its connection (or queued on it) when asked for. */
const issued = new WeakSet<Promise<unknown>>();

/**
 * Whether `answer` is a prepared statement's, asked for in the same turn: its statement is on its
 * way to the database already, ahead of anything asked for after it on the same connection
 * (platform/events/effects.ts sends such statements with the commit).
 */
export const isIssuedStatement = (answer: Promise<unknown>): boolean => issued.has(answer);

/**
 * A statement whose SQL text is built once, then run with new values on whichever connection the
 * caller holds: the pool, or a transaction's own connection.
 *
 * drizzle builds a query's text from its parts every time it runs; for the statements on the hot
 * paths (placing an order, booking a locker) that was about a third of the server's CPU per order
 * (docs/performance.md#orders). `build` gets placeholders in place of the values (`v.id` is the
 * placeholder `id`) and is called once per database driver (node-postgres, PGlite), on first use.
 *
 * drizzle's own prepared queries (`.prepare()`) run only on the connection they were built on; this
 * one runs a copy of the built query with the caller's connection in its place, which drizzle keeps
 * as `session.client` on every database and transaction object and as `client` on the prepared query
 * (pinned drizzle version; ./prepared.test.ts checks both drivers, inside and outside transactions).
 *
 * A placeholder compared with a column (`eq(t.at, v.at)`) is sent as given, not through the
 * column's encoder, as drizzle does for every placeholder outside a column's value.
 */
export function prepared<V extends Record<string, unknown>, Q extends Preparable>(
  build: (q: DbOrTx, v: Params<V>) => Q,
): (q: DbOrTx, values: V) => Promise<Result<Q>> {
  const placeholders = new Proxy(
    {},
    { get: (_, name) => (typeof name === 'string' ? sql.placeholder(name) : undefined) },
  ) as Params<V>;
  const byDriver = new Map<unknown, ReturnType<Q['prepare']>>();
  return (q, values) => {
    const session = (q as unknown as WithSession).session;
    let built = byDriver.get(session.constructor);
    if (!built) {
      // No name: the pool's client names each statement by its text (./named-statements.ts).
      built = build(q, placeholders).prepare('') as ReturnType<Q['prepare']>;
      const withParams = built as unknown as { params: unknown[] };
      withParams.params = nullAsNull(withParams.params);
      byDriver.set(session.constructor, built);
    }
    const bound = Object.create(built) as ReturnType<Q['prepare']> & { client: unknown };
    bound.client = session.client;
    // drizzle hands the statement to the driver before its first await: by the time this returns,
    // the statement is queued on the connection (./prepared.test.ts).
    const answer = bound.execute(values) as Promise<Result<Q>>;
    issued.add(answer);
    return answer;
  };
}

import pg from 'pg';

/**
 * How many different statements are named at most. Petti's queries are a fixed set of shapes (a list
 * of ids makes one shape per length), far fewer than this; past it, statements run unnamed as before,
 * so a shape made from data cannot grow every connection's statements without end.
 */
export const MAX_NAMED_STATEMENTS = 2000;

/**
 * Names for statements by their text, shared by every connection of the process: the same text always
 * gets the same name, so node-postgres can tell a connection already holds it.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly max = MAX_NAMED_STATEMENTS) {}

  /** The statement's name, or undefined once `max` names are given out and this text has none. */
  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < this.max) {
      name = `petti_${this.names.size}`;
      this.names.set(text, name);
    }
    return name;
  }

  get size(): number {
    return this.names.size;
  }
}

const processNames = new StatementNames();

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
  values?: unknown;
}

const hasValues = (values: unknown) => Array.isArray(values) && values.length > 0;

/**
 * A node-postgres client that names every statement with parameters by its text, so each connection
 * parses and plans it once and later only binds and executes it (as postgres.js does by default).
 * Parsing and planning were a large share of PostgreSQL's own time per order, and drizzle sends the
 * same few texts over and over (docs/performance.md#orders). Statements without parameters (`begin`,
 * `commit`, migrations of several statements) keep the simple protocol, which cannot be named.
 *
 * A pooler in front of PostgreSQL in transaction mode must keep prepared statements per client
 * connection (PgBouncer's `max_prepared_statements`), as for any driver that prepares.
 */
export function namingClient(names: StatementNames = processNames): typeof pg.Client {
  return class NamingClient extends pg.Client {
    // node-postgres's query() has many overloads; this one only adds a name and passes everything on.
    override query(config: unknown, values?: unknown, callback?: unknown): never {
      const run = super.query as (...args: unknown[]) => never;
      if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
        const name = names.nameOf(config);
        if (name !== undefined) return run.call(this, { text: config, name }, values, callback);
      } else if (
        config !== null &&
        typeof config === 'object' &&
        !('submit' in config) &&
        typeof (config as QueryConfigLike).text === 'string' &&
        !(config as QueryConfigLike).name &&
        hasValues(Array.isArray(values) ? values : (config as QueryConfigLike).values)
      ) {
        const name = names.nameOf((config as { text: string }).text);
        if (name !== undefined) return run.call(this, { ...config, name }, values, callback);
      }
      return run.call(this, config, values, callback);
    }
  };
}

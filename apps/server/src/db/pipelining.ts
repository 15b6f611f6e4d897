import type pg from 'pg';

type Query = (...args: unknown[]) => Promise<unknown>;

interface Wire {
  pipeline: boolean;
  connection: { stream: { cork(): void; uncork(): void } };
}

const answer = (command: string) => ({ command, rowCount: null, rows: [], fields: [], oid: 0 });

const wordOf = (config: unknown): string | undefined => {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text.trim().toLowerCase() : undefined;
};

/**
 * A transaction's committing answer when PostgreSQL rolled it back instead: a statement of it
 * failed, possibly one the caller sent without waiting for its answer (platform/events/effects.ts).
 */
export class TransactionRolledBack extends Error {
  override name = 'TransactionRolledBack';
  constructor() {
    super('the transaction was rolled back: one of its statements failed');
  }
}

/** A commit's answer; PostgreSQL's ROLLBACK for it (or for the rollback sent in its place) rejects. */
const committed = (result: Promise<unknown>) =>
  result.then((r) => {
    if ((r as { command?: string }).command === 'ROLLBACK') throw new TransactionRolledBack();
    return r;
  });

/**
 * A node-postgres client in pipeline mode that saves a transaction its separate `begin` round trip
 * (docs/performance.md#orders). node-postgres's pipeline mode writes each query as soon as it is
 * asked for, without waiting for the one before to be answered, so statements a caller asks for
 * side by side share one trip to PostgreSQL; drizzle, though, waits for `begin` to be answered before
 * the transaction's first statement. Here `begin` is answered at once and written just ahead of the
 * transaction's first statement, in the same write; a transaction that ends with nothing in it sends
 * nothing.
 *
 * The first statement behind `begin` cannot run outside the transaction unless `begin` fails, and
 * `begin` fails only with the connection itself, which the statement behind it shares. Its failure
 * fails that statement's answer too.
 *
 * A `commit` PostgreSQL answers with `ROLLBACK` (a statement of the transaction had failed, though
 * its caller had not waited for the failure) rejects with TransactionRolledBack, as PGlite does, so a
 * transaction never looks committed when it was not.
 */
export function pipeliningClient(Base: typeof pg.Client): typeof pg.Client {
  return class PipeliningClient extends Base {
    /** `begin` was answered and not yet written. */
    private beginPending = false;
    /** Writes are held until the statements asked for in this turn are all written (`gather`). */
    private gathering = false;

    /**
     * node-postgres writes each statement with a write of its own; each write to the socket costs
     * the writer the delivery to PostgreSQL and PostgreSQL's wake-up, about a fifth of the server's
     * time per order (docs/performance.md#orders). Held until the end of the turn, the statements
     * asked for side by side leave in one write.
     */
    private gather(wire: Wire): void {
      if (this.gathering || !wire.pipeline) return;
      this.gathering = true;
      const stream = wire.connection.stream;
      stream.cork();
      const flush = () => {
        const commit = this.heldCommit;
        this.heldCommit = null;
        commit?.();
        this.gathering = false;
        stream.uncork();
      };
      // A held commit is decided once everything asked for in this turn has been answered or has
      // failed on this side, which a turn of the event loop settles (`holdCommit`).
      process.nextTick(() => (this.heldCommit ? setImmediate(flush) : flush()));
    }

    /** The commit `holdCommit` asked to hold: written, or turned into a rollback, by `gather`. */
    private heldCommit: (() => void) | null = null;
    /** Whether a statement of the transaction failed before it reached PostgreSQL. */
    private commitGuard: (() => boolean) | null = null;

    /**
     * The transaction's next `commit` is held until the end of the turn, to leave in one write with
     * the statements its caller sent without waiting (platform/events/effects.ts) instead of a write
     * of its own. Then, if `failed()` says one of them failed before it reached PostgreSQL (a value
     * the driver could not encode), a rollback goes instead and the commit rejects with
     * TransactionRolledBack: PostgreSQL never saw that statement, and would commit the rest.
     * Answers false (nothing held) on a client not in pipeline mode.
     */
    holdCommit(failed: () => boolean): boolean {
      if (!(this as unknown as Wire).pipeline) return false;
      this.commitGuard = failed;
      return true;
    }

    override query(config: unknown, values?: unknown, callback?: unknown): never {
      const send = super.query as unknown as Query;
      const wire = this as unknown as Wire;
      this.gather(wire);
      const word = wire.pipeline && callback === undefined ? wordOf(config) : undefined;
      if (word === undefined) return send.call(this, config, values, callback) as never;
      if (word === 'begin') {
        // A guard left by a transaction that never reached its commit is not this one's.
        this.commitGuard = null;
        this.beginPending = true;
        return Promise.resolve(answer('BEGIN')) as never;
      }
      if (this.beginPending) {
        this.beginPending = false;
        // Nothing was begun on PostgreSQL's side: nothing to end.
        if (word === 'commit' || word === 'rollback') {
          this.commitGuard = null;
          return Promise.resolve(answer(word.toUpperCase())) as never;
        }
        // Both in the turn's one write (`gather`).
        const begun = send.call(this, 'begin');
        const first = this.query(config, values);
        return Promise.all([begun, first]).then(([, result]) => result) as never;
      }
      const failed = this.commitGuard;
      if (word === 'commit' || word === 'rollback') this.commitGuard = null;
      if (word === 'commit' && failed) {
        return new Promise((resolve, reject) => {
          this.heldCommit = () =>
            committed(send.call(this, failed() ? 'rollback' : 'commit')).then(resolve, reject);
        }) as never;
      }
      const result = send.call(this, config, values);
      return (word === 'commit' ? committed(result) : result) as never;
    }
  };
}

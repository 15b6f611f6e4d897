import type { Tx } from '../../db/client.ts';
import { holdCommit } from '../../db/hold-commit.ts';
import { isIssuedStatement } from '../../db/prepared.ts';

/** A message written to the outbox, as its writer publishes it. */
export interface OutboxMessage {
  id: number;
  topic: string;
  payload: unknown;
}

/**
 * One database transaction and what it leaves to do once it has committed: the real-time messages
 * it wrote to the outbox, and nudges that must not happen unless the change is kept (run a timer
 * it just scheduled). Every change that emits events runs with one of these; the outbox is the
 * only road events take (docs/architecture.md "Events").
 */
export class Effects {
  /** The messages it wrote, claimed for this process to publish after the commit. */
  readonly events: OutboxMessage[] = [];
  readonly afterCommit: Array<() => Promise<void>> = [];
  /** Statements sent without waiting for their answers (`send`). */
  readonly sent: Array<Promise<unknown>> = [];
  /** Those that failed, by their place in `sent`. */
  private readonly failedSends = new Map<number, unknown>();
  /**
   * Set while the transaction is a step of a flow: its events are held until the whole flow has
   * succeeded, and dropped if the flow is undone (docs/decisions/0005-flows.md).
   */
  readonly flowRunId: string | null;
  constructor(
    readonly tx: Tx,
    flowRunId: string | null = null,
  ) {
    this.flowRunId = flowRunId;
  }
  later(fn: () => Promise<void>): void {
    this.afterCommit.push(fn);
  }

  /**
   * A write whose answer nothing in the transaction waits for: it goes to the database with what
   * follows it, the commit included, instead of a round trip of its own (docs/performance.md#orders).
   * The transaction commits only if it succeeds: a failure PostgreSQL meets rolls the whole
   * transaction back, and one the driver meets before sending (a value it cannot encode) is seen
   * before the commit is asked for (./transactor.ts). Answers the statement's own answer, to read
   * after the commit.
   *
   * Only a prepared statement's answer (db/prepared.ts), asked for on this transaction: it is on its
   * way to the database when asked for, so it cannot land after the commit, as the later statements
   * of a function that awaits one and then sends another would.
   */
  send<T>(statement: Promise<T>): Promise<T> {
    if (!isIssuedStatement(statement))
      throw new Error('Effects.send takes a prepared statement, asked for in the same turn');
    const place = this.sent.push(statement) - 1;
    statement.catch((error: unknown) => {
      this.failedSends.set(place, error);
    });
    return statement;
  }

  /**
   * Before the commit. On the server's pipelining client (db/pipelining.ts) the commit is held to
   * the end of the turn and leaves in one write with the sent statements, or as a rollback if one of
   * them failed before it reached the database. Elsewhere (PGlite in this process) this lets every
   * sent statement reach the driver (one turn of the event loop, past drizzle's own promise chain)
   * and throws the first that failed by then.
   */
  async beforeCommit(): Promise<void> {
    if (!this.sent.length) return;
    if (holdCommit(this.tx, () => this.failedSends.size > 0)) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    const failure = this.firstFailure();
    if (failure) throw failure.error;
  }

  /**
   * After a failed transaction: the error of the first sent statement that failed, if one did (the
   * first as sent: the statements behind it fail only because it did, db/together.ts).
   */
  async sendFailure(): Promise<unknown> {
    await Promise.allSettled(this.sent);
    return this.firstFailure()?.error;
  }

  private firstFailure(): { error: unknown } | undefined {
    if (!this.failedSends.size) return undefined;
    return { error: this.failedSends.get(Math.min(...this.failedSends.keys())) };
  }

  /** After the commit: every sent statement answered; throws the first failure. */
  async afterSent(): Promise<void> {
    if (!this.sent.length) return;
    await Promise.all(this.sent);
  }
}

import type { Tx } from '../../db/client.ts';

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
}

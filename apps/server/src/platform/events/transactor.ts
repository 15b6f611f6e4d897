import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { EventOutbox } from './outbox.ts';

/**
 * One database transaction and what it leaves to do once it has committed: the real-time messages
 * it wrote to the outbox, and nudges that must not happen unless the change is kept (run a timer
 * it just scheduled). Every change that emits events runs with one of these; the outbox is the
 * only road events take (docs/architecture.md "Events").
 */
export class Effects {
  readonly eventIds: number[] = [];
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

export interface Transactor {
  /** Runs `fn` in one transaction, then publishes its events and runs its after-commit work. */
  run<T>(fn: (tx: Tx, fx: Effects) => Promise<T>, options?: { flowRunId?: string | null }): Promise<T>;
}

export function createTransactor(db: Db, outbox: EventOutbox, log: Logger): Transactor {
  async function settle(fx: Effects): Promise<void> {
    // A flow's held events go out when the flow releases them, not now.
    if (!fx.flowRunId) {
      await outbox
        .flush(fx.eventIds)
        .catch((err: unknown) => log.warn({ err }, 'event flush failed; the poller retries'));
    }
    for (const fn of fx.afterCommit)
      await fn().catch((err: unknown) => log.error({ err }, 'after-commit work failed'));
  }
  return {
    async run(fn, options = {}) {
      let fx: Effects | null = null;
      const result = await db.transaction(async (tx) => {
        fx = new Effects(tx, options.flowRunId ?? null);
        return fn(tx, fx);
      });
      if (fx) await settle(fx);
      return result;
    },
  };
}

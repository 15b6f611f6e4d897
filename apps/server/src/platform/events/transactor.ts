import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { Effects } from './effects.ts';
import type { EventOutbox } from './outbox.ts';

export { Effects };

export interface Transactor {
  /** Runs `fn` in one transaction, then publishes its events and runs its after-commit work. */
  run<T>(fn: (tx: Tx, fx: Effects) => Promise<T>, options?: { flowRunId?: string | null }): Promise<T>;
}

export function createTransactor(db: Db, outbox: EventOutbox, log: Logger): Transactor {
  async function settle(fx: Effects): Promise<void> {
    // A flow's held events go out when the flow releases them, not now.
    if (!fx.flowRunId) {
      await outbox
        .flush(fx.events)
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

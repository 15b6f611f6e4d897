import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { IN_FAILED_TRANSACTION, isPgError } from '../../db/errors.ts';
import { TransactionRolledBack } from '../../db/pipelining.ts';
import { Effects } from './effects.ts';
import type { EventOutbox } from './outbox.ts';

export { Effects };

export interface Transactor {
  /** Runs `fn` in one transaction, then publishes its events and runs its after-commit work. */
  run<T>(fn: (tx: Tx, fx: Effects) => Promise<T>, options?: { flowRunId?: string | null }): Promise<T>;
}

/**
 * Errors a transaction meets only because an earlier statement of it failed: its commit rolled back
 * (node-postgres here, db/pipelining.ts; PGlite's own TransactionAbortedError in process), or a
 * statement refused behind the failed one.
 */
function isConsequence(err: unknown): boolean {
  if (isPgError(err, IN_FAILED_TRANSACTION)) return true;
  // drizzle wraps the driver's error (as `cause`).
  for (let e = err as Error | undefined, i = 0; e && i < 5; e = e.cause as Error | undefined, i++) {
    if (e instanceof TransactionRolledBack || e.name === 'TransactionAbortedError') return true;
  }
  return false;
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
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await db.transaction(async (tx) => {
          const effects = new Effects(tx, options.flowRunId ?? null);
          fx = effects;
          const out = await fn(tx, effects);
          await effects.beforeCommit();
          return out;
        });
      } catch (err) {
        // A sent statement that failed rolled the commit back (db/pipelining.ts) or failed the
        // statements behind it: its own error says why (a unique key taken, say).
        if (fx && isConsequence(err)) throw (await (fx as Effects).sendFailure()) ?? err;
        throw err;
      }
      if (fx) {
        await (fx as Effects).afterSent();
        await settle(fx);
      }
      return result;
    },
  };
}

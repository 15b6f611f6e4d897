import type { DbOrTx } from './client.ts';
import type { WithSession } from './prepared.ts';

/**
 * Asks the connection `tx` runs on to hold its commit to the end of the turn, to leave in one write
 * with the statements sent before it, or as a rollback if `failed()` then says one of them failed
 * before it reached the database (`holdCommit` on the pipelining client, ./pipelining.ts). False
 * where nothing can be held (PGlite in this process, a client not in pipeline mode).
 */
export function holdCommit(tx: DbOrTx, failed: () => boolean): boolean {
  const client = (tx as unknown as WithSession).session.client as {
    holdCommit?: (failed: () => boolean) => boolean;
  };
  return client.holdCommit?.(failed) ?? false;
}

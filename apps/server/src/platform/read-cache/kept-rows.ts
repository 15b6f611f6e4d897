import type { ChangeFeed } from '../../db/change-feed.ts';
import type { DbOrTx } from '../../db/client.ts';
import { watchChanges } from './change-watch.ts';

/**
 * Rows of a small table that changes rarely, kept by id until the database says the table changed
 * (docs/performance.md#orders): every order read its shop's row and the delivery fee rules anew.
 * The same rules as the read caches' (./read-cache.ts):
 *
 * - Every process keeps its own and hears every committed change through `feed`.
 * - Rows read while a change arrived are handed out but not kept.
 * - While the feed is down, or before it is heard, nothing is kept: every call reads.
 * - Only rows found are kept: a row added later is read when first asked for.
 *
 * Rows are read on the caller's connection (a transaction's, if it holds one), so a transaction
 * that changes the table must not read it through here before it commits: it could keep what it
 * then rolls back. The owners' writes happen outside such transactions (the sellers' hours, the
 * seeded fee rules), and `forget` empties this process's copy at once after a write of its own,
 * before its notification arrives.
 */
export interface KeptRows<T> {
  /** The rows with these ids that exist, kept or read. */
  get(q: DbOrTx, ids: readonly string[]): Promise<T[]>;
  /** Empties this process's copy (after a change this process made). */
  forget(): void;
  /** Rows kept now (tests). */
  size(): number;
}

export function keptRows<T extends { id: string }>(options: {
  feed: ChangeFeed;
  /** The channel the table's trigger notifies (migration 0023). */
  channel: string;
  maxEntries: number;
  read: (q: DbOrTx, ids: string[]) => Promise<T[]>;
}): KeptRows<T> {
  const kept = new Map<string, T>();
  const watch = watchChanges(options.feed, [options.channel], () => kept.clear());
  const { live } = watch;

  return {
    async get(q, ids) {
      if (!live()) return options.read(q, [...ids]);
      const found: T[] = [];
      const missing: string[] = [];
      for (const id of ids) {
        const row = kept.get(id);
        if (row) found.push(row);
        else missing.push(id);
      }
      if (missing.length === 0) return found;
      const startedAt = watch.generation();
      const read = await options.read(q, missing);
      if (watch.generation() === startedAt && live()) {
        for (const row of read) {
          if (kept.size >= options.maxEntries && !kept.has(row.id)) kept.delete(kept.keys().next().value!);
          // Shared by every caller from now on: none may change it.
          kept.set(row.id, Object.freeze(row));
        }
      }
      return [...found, ...read];
    },
    forget: watch.changed,
    size: () => kept.size,
  };
}

import { encode, type output, type ZodType } from 'zod';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { ReadCacheCounts } from '../metrics/metrics.ts';
import { watchChanges } from './change-watch.ts';
import { KeptAnswer } from './kept-answer.ts';

/**
 * Finished answers of a public read (their JSON text, checked against the route's answer schema once,
 * when made), kept until the database says their data changed (docs/performance.md#reads).
 *
 * - Every process keeps its own and hears every change through `feed`, so no process serves an answer
 *   older than the change's notification.
 * - An answer made while a change arrived is handed out but not kept (the generation moved on).
 * - Requests for an answer that is being made wait for it instead of each asking the database.
 * - While the feed is down nothing is kept or served from memory.
 * - `maxAgeMs` bounds answers that also depend on the clock (a site's opening hours, its free lockers
 *   for the next hour).
 */
export interface ReadCache {
  /** The answer: kept, or made by `make` and checked against `schema` (its JSON text as the route's serializer writes it). */
  answer<S extends ZodType>(key: string, schema: S, make: () => Promise<output<S>>): Promise<KeptAnswer>;
  /** Entries kept now (metrics and tests). */
  size(): number;
}

export interface ReadCacheOptions {
  feed: ChangeFeed;
  /** The change channels whose notifications empty this cache (the tables' triggers name them). */
  channels: readonly string[];
  maxEntries: number;
  maxAgeMs: number;
  /** Milliseconds, for `maxAgeMs`. */
  now?: () => number;
  /** Counts answers kept and made (/metrics). */
  counts?: ReadCacheCounts;
}

export function createReadCache(options: ReadCacheOptions): ReadCache {
  const now = options.now ?? (() => performance.now());
  /** Insertion order is use order: a hit moves its entry to the end, the oldest goes first. */
  const kept = new Map<string, { answer: KeptAnswer; at: number }>();
  let making = new Map<string, Promise<KeptAnswer>>();
  const watch = watchChanges(options.feed, options.channels, () => {
    kept.clear();
    // Anyone asking from now on must not wait for an answer begun before the change.
    making = new Map();
  });
  const { live } = watch;

  const make = async <S extends ZodType>(schema: S, produce: () => Promise<output<S>>) =>
    new KeptAnswer(JSON.stringify(encode(schema, await produce())));

  return {
    async answer(key, schema, produce) {
      if (!live()) {
        options.counts?.miss();
        return make(schema, produce);
      }
      const hit = kept.get(key);
      if (hit && now() - hit.at <= options.maxAgeMs) {
        kept.delete(key);
        kept.set(key, hit);
        options.counts?.hit();
        return hit.answer;
      }
      const pending = making.get(key);
      if (pending) {
        // Waiting for one being made is a hit: the database is asked once.
        options.counts?.hit();
        return pending;
      }
      options.counts?.miss();
      const startedAt = watch.generation();
      const started = now();
      const own = making;
      const promise = make(schema, produce).then(
        (answer) => {
          if (own.get(key) === promise) own.delete(key);
          if (watch.generation() === startedAt && live()) {
            kept.delete(key);
            kept.set(key, { answer, at: started });
            if (kept.size > options.maxEntries) kept.delete(kept.keys().next().value!);
          }
          return answer;
        },
        (err: unknown) => {
          if (own.get(key) === promise) own.delete(key);
          throw err;
        },
      );
      own.set(key, promise);
      return promise;
    },
    size: () => kept.size,
  };
}

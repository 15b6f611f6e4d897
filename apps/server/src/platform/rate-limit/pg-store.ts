import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { rateLimitHits } from './schema.ts';

/**
 * @fastify/rate-limit's counters kept in the database (PostgreSQL, or PGlite embedded) instead of one
 * process's memory: several processes behind one address count the same hits. One statement per hit
 * (an upsert that starts the window again once it has passed), so two processes never lose a count.
 */
export function pgRateLimitStore(db: Db, clock: Clock): FastifyRateLimitStoreCtor {
  class PgRateLimitStore {
    private readonly bucket: string;
    constructor(options: { bucket?: string } = {}) {
      this.bucket = options.bucket ?? 'all';
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = clock.now();
      const next = new Date(now.getTime() + timeWindow);
      const expired = sql`${rateLimitHits.resetsAt} <= ${now.toISOString()}::timestamptz`;
      db.insert(rateLimitHits)
        .values({ key: `${this.bucket}|${key}`, hits: 1, resetsAt: next })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
            resetsAt: sql`case when ${expired} then ${next.toISOString()}::timestamptz else ${rateLimitHits.resetsAt} end`,
          },
        })
        .returning({ hits: rateLimitHits.hits, resetsAt: rateLimitHits.resetsAt })
        .then(
          ([row]) =>
            callback(null, {
              current: row?.hits ?? 1,
              ttl: Math.max(0, (row?.resetsAt ?? next).getTime() - now.getTime()),
            }),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
    }

    /**
     * A route's own counters: its group, or its method and path. (The plugin hands the route's merged
     * options, with its groupId and routeInfo, not the RouteOptions its types name.)
     */
    child(routeOptions: unknown): FastifyRateLimitStore {
      const merged = routeOptions as { groupId?: string; routeInfo?: { method?: unknown; url?: string } };
      const info = merged.routeInfo ?? {};
      return new PgRateLimitStore({
        bucket: merged.groupId ?? `${String(info.method ?? '')} ${info.url ?? ''}`,
      }) as unknown as FastifyRateLimitStore;
    }
  }
  return PgRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** Drops counters whose window has passed (a periodic task; a row is made again on the next hit). */
export async function sweepRateLimits(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.resetsAt, now))
    .returning({ key: rateLimitHits.key });
  return gone.length;
}

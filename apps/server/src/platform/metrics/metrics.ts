import { asc, count, isNull, lte, min } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { Database } from '../../db/client.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { Clock } from '../clock.ts';
import { eventOutbox } from '../events/schema.ts';
import { timers } from '../jobs/schema.ts';

/** What a read cache reports of each answer (platform/read-cache): kept (hit) or made (miss). */
export interface ReadCacheCounts {
  hit(): void;
  miss(): void;
}

/**
 * Prometheus metrics of one process (docs/deploy.md#metrics): requests by route, status and latency;
 * how late events and timers are; broker connections; the database pool; Node's own (memory, event
 * loop). Scraped at `/metrics` with the ops token; every process is scraped on its own.
 */
export function createMetrics(deps: {
  database: Database;
  realtime: Realtime;
  clock: Clock;
  /** Open money checks by whether they are held facts (docs/payments.md#money-checks). */
  moneyChecksOpen?: () => Promise<{ held: number; found: number }>;
}) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'petti_' });
  const db = deps.database.db;
  const seconds = (d: Date | null | undefined) =>
    d ? Math.max(0, (deps.clock.now().getTime() - new Date(d).getTime()) / 1000) : 0;

  const requests = new client.Counter({
    name: 'petti_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new client.Histogram({
    name: 'petti_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new client.Gauge({
    name: 'petti_events_pending',
    help: 'Events committed and not yet published (outbox rows)',
    registers: [registry],
    async collect() {
      const [row] = await db.select({ n: count() }).from(eventOutbox).where(isNull(eventOutbox.flowRunId));
      this.set(row?.n ?? 0);
    },
  });
  new client.Gauge({
    name: 'petti_event_delay_seconds',
    help: 'Age of the oldest event waiting to be published',
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({ at: min(eventOutbox.createdAt) })
        .from(eventOutbox)
        .where(isNull(eventOutbox.flowRunId));
      this.set(seconds(row?.at));
    },
  });
  new client.Gauge({
    name: 'petti_timer_lag_seconds',
    help: 'How long the oldest due timer has waited to fire',
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({ due: timers.dueAt })
        .from(timers)
        .where(lte(timers.dueAt, deps.clock.now()))
        .orderBy(asc(timers.dueAt))
        .limit(1);
      this.set(seconds(row?.due));
    },
  });
  new client.Gauge({
    name: 'petti_timers_dead',
    help: 'Timers set aside after failing too often (see /api/ops/timers/dead)',
    registers: [registry],
    async collect() {
      const [row] = await db.select({ n: count() }).from(timers).where(lte(timers.deadAt, deps.clock.now()));
      this.set(row?.n ?? 0);
    },
  });
  const moneyChecksOpen = deps.moneyChecksOpen;
  if (moneyChecksOpen) {
    new client.Gauge({
      name: 'petti_money_checks_open',
      help: 'Money that does not add up (see /api/operator/money-checks), by kind: found by a check, or a provider fact held',
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        const open = await moneyChecksOpen();
        this.set({ kind: 'found' }, open.found);
        this.set({ kind: 'held' }, open.held);
      },
    });
  }
  new client.Gauge({
    name: 'petti_broker_connections',
    help: 'Live connections to the embedded broker (browsers and locker controllers)',
    registers: [registry],
    collect() {
      this.set(deps.realtime.status().clients ?? 0);
    },
  });
  const databaseMemory = deps.database.databaseMemory?.bind(deps.database);
  // Only where Petti runs the database's process itself (PGlite); PostgreSQL's are not its to count.
  if (databaseMemory) {
    new client.Gauge({
      name: 'petti_database_resident_memory_bytes',
      help: "Resident memory of the embedded database's own process",
      registers: [registry],
      async collect() {
        const rss = await databaseMemory().catch(() => undefined);
        if (rss !== undefined) this.set(rss);
      },
    });
  }
  new client.Gauge({
    name: 'petti_db_pool_connections',
    help: 'PostgreSQL pool connections by state',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = deps.database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'open' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  const shed = new client.Counter({
    name: 'petti_requests_shed_total',
    help: 'Requests answered busy (503) before any work, by reason: database (no connection within the wait), eventLoopDelay, heapUsedBytes, rssBytes',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const keptAnswers = new client.Counter({
    name: 'petti_read_cache_answers_total',
    help: 'Catalogue and locker-site answers by cache: kept (hit) or made from the database (miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
  });

  return {
    /** A request answered busy instead of served (http/overload.ts). */
    shed: (reason: string) => shed.inc({ reason }),
    registry,
    /** What one read cache counts (docs/performance.md#reads): its hit ratio says whether it works. */
    readCache: (cache: string): ReadCacheCounts => ({
      hit: () => keptAnswers.inc({ cache, result: 'hit' }),
      miss: () => keptAnswers.inc({ cache, result: 'miss' }),
    }),
    /** Counts every answer by its route pattern (never the raw URL: ids would explode the labels). */
    install(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'unmatched';
        requests.inc({ method: request.method, route, status: String(reply.statusCode) });
        latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      });
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

import type { LockerSim } from '@petti/simulators';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './platform/clock.ts';
import type { Realtime } from './realtime/realtime.ts';

/** What every feature may use. Built once per app (and once per test suite). */
export interface AppContext {
  config: Config;
  database: Database;
  realtime: Realtime;
  clock: Clock;
  /** The in-process locker simulator, once bootstrap has started it (LOCKER_SIM). */
  lockerSim?: { current: LockerSim | null };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** This process's Prometheus metrics (platform/metrics/metrics.ts). */
    metrics: import('./platform/metrics/metrics.ts').Metrics;
    requireUser: (
      request: import('fastify').FastifyRequest,
      reply: import('fastify').FastifyReply,
    ) => Promise<void>;
    optionalUser: (
      request: import('fastify').FastifyRequest,
      reply: import('fastify').FastifyReply,
    ) => Promise<void>;
    /** Role guards, after requireUser: a shop's owner or staff, an operator (http/require-role.ts). */
    requireRole: ReturnType<typeof import('./http/require-role.ts').makeRoleGuards>;
  }
}

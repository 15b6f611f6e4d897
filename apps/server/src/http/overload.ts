import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import type { Metrics } from '../platform/metrics/metrics.ts';
import { AppError } from './app-error.ts';

const MB = 1024 * 1024;

/** What a client reads when Petti is busy: not broken, come back after `Retry-After`. */
export const BUSY_MESSAGE = 'Petti is busy right now. Please try again in a moment.';

/** The busy answer as an error the error handler sends: 503 `ServiceUnavailable` with `Retry-After`. */
export function busy(config: Pick<Config, 'OVERLOAD_RETRY_AFTER_SECONDS'>): AppError {
  return new AppError('ServiceUnavailable', BUSY_MESSAGE, {
    headers: { 'retry-after': String(config.OVERLOAD_RETRY_AFTER_SECONDS) },
  });
}

/** Requests never shed: the health checks say "busy" themselves, and metrics must be readable under load. */
const neverShed = (url: string) => url.startsWith('/api/health') || url.startsWith('/metrics');

/**
 * Load shedding (docs/deploy.md#overload): while the event loop lags or memory is over its limit, a
 * request is answered busy as it arrives, before any work, so it changes nothing; `@fastify/under-pressure`
 * measures. Waiting too long for a database connection is answered the same way by the error handler.
 */
export async function installOverload(app: FastifyInstance, config: Config, metrics: Metrics): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes: config.OVERLOAD_MAX_HEAP_MB * MB,
    maxRssBytes: config.OVERLOAD_MAX_RSS_MB * MB,
    pressureHandler: (request, reply: FastifyReply, type) => {
      if (neverShed(request.url)) return;
      metrics.shed(type);
      const answer = busy(config);
      // Sent here, the request goes no further (the plugin's documented way to answer).
      void reply
        .code(answer.status)
        .headers(answer.headers ?? {})
        .send({ error: { code: answer.code, message: answer.message } });
    },
  });
}

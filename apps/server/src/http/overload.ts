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
export const neverShed = (url: string) => url.startsWith('/api/health') || url.startsWith('/metrics');

function sendBusy(reply: FastifyReply, config: Config): void {
  const answer = busy(config);
  void reply
    .code(answer.status)
    .headers(answer.headers ?? {})
    .send({ error: { code: answer.code, message: answer.message } });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this process is answering busy now (the readiness check says so). */
    shedding(): boolean;
  }
}

/**
 * Load shedding (docs/deploy.md#overload): a request is answered busy as it arrives, before any work,
 * so it changes nothing, while the event loop lags or memory is over its limit (`@fastify/under-pressure`
 * measures) or while too many API requests are already in this process. The last is what bounds the
 * wait when the database is the bottleneck: the embedded database serves one statement at a time, and
 * statements queue behind it on its one connection without ever timing out, while the event loop stays
 * free. Waiting too long for a pooled connection is answered the same way by the error handler.
 */
export async function installOverload(app: FastifyInstance, config: Config, metrics: Metrics): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes: config.OVERLOAD_MAX_HEAP_MB * MB,
    maxRssBytes: config.OVERLOAD_MAX_RSS_MB * MB,
    pressureHandler: (request, reply: FastifyReply, type) => {
      if (neverShed(request.url)) return;
      metrics.shed(type);
      // Sent here, the request goes no further (the plugin's documented way to answer).
      sendBusy(reply, config);
    },
  });
  // No kept library counts the requests in flight for Fastify; a counter is enough (docs/deploy.md#overload).
  const max = config.OVERLOAD_MAX_IN_FLIGHT;
  let inFlight = 0;
  app.decorate('shedding', () => app.isUnderPressure() || (max > 0 && inFlight >= max));
  if (max <= 0) return;
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/') || neverShed(request.url) || reply.sent) return done();
    if (inFlight >= max) {
      metrics.shed('inFlight');
      sendBusy(reply, config);
      return;
    }
    inFlight++;
    // Finished or abandoned by the client, it is no longer in flight.
    reply.raw.once('close', () => inFlight--);
    done();
  });
}

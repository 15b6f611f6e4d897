import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { pgRateLimitStore } from '../platform/rate-limit/pg-store.ts';
import { AppError } from './app-error.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Per-address limits on the public writes hostile callers lean on (docs/deploy.md#rate-limits): sign-in
 * and code confirmation (which would otherwise tell anyone, number after number, who has an account, and
 * let codes be guessed across many numbers), seller applications, place search and provider webhooks.
 * Counted in the database, so they hold across processes.
 */
export function rateLimitTable(
  config: AppContext['config'],
): Record<string, { max: number; timeWindow: number; groupId?: string }> {
  // Every code may be asked for and tried a few times: the sign-in routes together allow four requests
  // an hour for each code an address may be sent (AUTH_IP_CODES_PER_HOUR).
  const auth = { max: 4 * config.AUTH_IP_CODES_PER_HOUR, timeWindow: HOUR, groupId: 'auth' };
  return {
    'POST /api/auth/sign-up': auth,
    'POST /api/auth/sign-in': auth,
    'POST /api/auth/confirm-sign-up': auth,
    'POST /api/auth/confirm-sign-in': auth,
    'POST /api/auth/resend-code': auth,
    'POST /api/seller-applications': { max: config.RATE_LIMIT_APPLICATIONS_PER_HOUR, timeWindow: HOUR },
    'GET /api/places': { max: config.RATE_LIMIT_SEARCHES_PER_MINUTE, timeWindow: MINUTE },
    'POST /api/payments/webhook/:provider': {
      max: config.RATE_LIMIT_WEBHOOKS_PER_MINUTE,
      timeWindow: MINUTE,
    },
  };
}

/** Installs the limits; call before any route is added (it marks routes as they are added). */
export async function installRateLimits(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const table = rateLimitTable(ctx.config);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const limit = table[`${method} ${route.url}`];
      if (limit) route.config = { ...(route.config as object), rateLimit: limit } as typeof route.config;
    }
  });
  await app.register(fastifyRateLimit, {
    global: false,
    store: pgRateLimitStore(ctx.database.db, ctx.clock),
    errorResponseBuilder: (_request, context) =>
      new AppError('Throttling', 'Too many requests from your address. Please wait and try again.', {
        details: { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }),
  });
}

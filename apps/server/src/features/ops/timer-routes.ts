import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/app-error.ts';
import { errorResponses } from '../../http/openapi.ts';
import type { TimerRow } from '../../platform/jobs/schema.ts';
import { makeRequireOps } from './ops-auth.ts';

const deadTimer = z.object({
  id: z.string(),
  kind: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  deadAt: z.string().nullable(),
  dueAt: z.string(),
  bookingId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
const view = (t: TimerRow) => ({
  id: t.id,
  kind: t.kind,
  attempts: t.attempts,
  lastError: t.lastError,
  deadAt: t.deadAt?.toISOString() ?? null,
  dueAt: t.dueAt.toISOString(),
  bookingId: t.bookingId,
  data: t.data,
});

/**
 * Timers that failed too often (a refund the provider kept refusing, a handler with a bug) are set
 * aside rather than retried for ever; operators see them here and put one back once the cause is fixed.
 */
export const opsTimerRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireOps = makeRequireOps(app.ctx.config.OPS_TOKEN);
  const { jobs } = app.services;
  const tags = ['ops'];
  const security = [{ opsToken: [] }];

  app.get(
    '/ops/timers/dead',
    {
      preHandler: requireOps,
      schema: {
        tags,
        security,
        summary: 'Timers set aside after failing too often, oldest first, with their last error',
        response: { 200: z.object({ timers: z.array(deadTimer) }), ...errorResponses },
      },
    },
    async () => ({ timers: (await jobs.dead()).map(view) }),
  );

  app.post(
    '/ops/timers/:id/retry',
    {
      preHandler: requireOps,
      schema: {
        tags,
        security,
        summary: 'Put a dead timer back: due now, its attempts counted afresh',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: deadTimer, ...errorResponses },
      },
    },
    async (request) => {
      const row = await jobs.retry(request.params.id);
      if (!row) throw notFound('deadTimer');
      return view(row);
    },
  );
};

import { deadTimerSchema } from '@petti/shared/schemas/ops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/app-error.ts';
import { errorResponses } from '../../http/openapi.ts';
import type { TimerRow } from '../../platform/jobs/schema.ts';
import { opsWays } from './ops-ways.ts';

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
 * aside rather than retried for ever; operators see them here (signed in, or with the ops token) and
 * put one back once the cause is fixed.
 */
export const opsTimerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { jobs } = app.services;

  for (const way of opsWays(app)) {
    const { guard, tags, security, prefix } = way;

    app.get(
      `${prefix}/timers/dead`,
      {
        ...guard,
        schema: {
          tags,
          security,
          summary: 'Timers set aside after failing too often, oldest first, with their last error',
          response: { 200: z.object({ timers: z.array(deadTimerSchema) }), ...errorResponses },
        },
      },
      async () => ({ timers: (await jobs.dead()).map(view) }),
    );

    app.post(
      `${prefix}/timers/:id/retry`,
      {
        ...guard,
        schema: {
          tags,
          security,
          summary: 'Put a dead timer back: due now, its attempts counted afresh',
          params: z.object({ id: z.string().min(1).max(100) }),
          response: { 200: deadTimerSchema, ...errorResponses },
        },
      },
      async (request) => {
        const row = await jobs.retry(request.params.id);
        if (!row) throw notFound('deadTimer');
        request.log.info({ timerId: row.id, kind: row.kind, by: way.by(request) }, 'dead timer put back');
        return view(row);
      },
    );
  }
};

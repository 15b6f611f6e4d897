import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isPoolWaitTimeout } from '../../db/errors.ts';

const componentSchema = z.object({ ok: z.boolean(), kind: z.string(), detail: z.string().optional() });
const healthSchema = z.object({
  /** `busy`: up, but answering busy to shed load (docs/deploy.md#overload). */
  status: z.enum(['ok', 'degraded', 'busy']),
  database: componentSchema,
  broker: componentSchema.extend({ clients: z.number().int().optional() }),
  /**
   * Whether the books hold (docs/payments.md#money-checks): `ok` when no money check is open. Told,
   * never a reason to take the process out of service (no request of it would fare better elsewhere).
   */
  money: z.object({ ok: z.boolean(), found: z.number().int(), held: z.number().int() }).optional(),
  uptimeSeconds: z.number(),
});

/**
 * Liveness and readiness are separate (docs/deploy.md#health): a process whose database or broker is
 * away is alive (restarting it helps nothing) but not ready (send it no traffic).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (never looks at the database or broker)',
        response: { 200: z.object({ status: z.literal('alive'), uptimeSeconds: z.number() }) },
      },
    },
    async () => ({ status: 'alive' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  const ready = {
    schema: {
      tags: ['health'],
      summary: 'Readiness: database and broker reachable and not shedding load (503 when not)',
      response: { 200: healthSchema, 503: healthSchema },
    },
  };
  const readiness = async (_request: unknown, reply: import('fastify').FastifyReply) => {
    const { database, realtime } = app.ctx;
    // No connection free within the pool's wait is a database busy with this process's own work, not
    // one that is away: the process is busy, as when it sheds.
    let poolBusy = false;
    const db = await database
      .ping()
      .then(() => ({ ok: true, kind: database.kind }))
      .catch((err: Error) => {
        poolBusy = isPoolWaitTimeout(err);
        return { ok: poolBusy, kind: database.kind, detail: err.message };
      });
    const money = db.ok
      ? await app.services.money.checks
          .counts()
          .then((c) => ({ ok: c.found + c.held === 0, ...c }))
          .catch(() => undefined)
      : undefined;
    const b = realtime.status();
    const broker = { ok: b.connected, kind: b.mode, clients: b.clients };
    const ok = db.ok && broker.ok;
    // While shedding, a load balancer should send the traffic to another process, and come back when
    // Retry-After says, as any client told "busy".
    const busy = ok && (poolBusy || app.shedding());
    if (busy) reply.header('retry-after', String(app.ctx.config.OVERLOAD_RETRY_AFTER_SECONDS));
    return reply.code(ok && !busy ? 200 : 503).send({
      status: !ok ? 'degraded' : busy ? 'busy' : 'ok',
      database: db,
      broker,
      money,
      uptimeSeconds: Math.round(process.uptime()),
    });
  };
  app.get('/health/ready', ready, readiness);
  // The older name, kept for what already polls it (start scripts, the browser journeys' harness).
  app.get('/health', ready, readiness);
};

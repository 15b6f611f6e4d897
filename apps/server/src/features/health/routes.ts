import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const componentSchema = z.object({ ok: z.boolean(), kind: z.string(), detail: z.string().optional() });
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: componentSchema,
  broker: componentSchema.extend({ clients: z.number().int().optional() }),
  uptimeSeconds: z.number(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Database and broker state',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const { database, realtime } = app.ctx;
      const db = await database
        .ping()
        .then(() => ({ ok: true, kind: database.kind }))
        .catch((err: Error) => ({ ok: false, kind: database.kind, detail: err.message }));
      const b = realtime.status();
      const broker = { ok: b.connected, kind: b.mode, clients: b.clients };
      const ok = db.ok && broker.ok;
      return reply.code(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        database: db,
        broker,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { errorAnswer } from '../../http/openapi.ts';
import { makeRequireOps } from './ops-auth.ts';

/**
 * A backup of the embedded database while the server runs (docs/deploy.md#backups): the PGlite data
 * folder as a gzipped tar, restored with `npm run db:restore`. PostgreSQL has pg_dump for this.
 */
export const opsBackupRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireOps = makeRequireOps(app.ctx.config.OPS_TOKEN);
  const { database } = app.ctx;

  app.get(
    '/ops/backup',
    {
      preHandler: requireOps,
      schema: {
        tags: ['ops'],
        security: [{ opsToken: [] }],
        summary: 'The embedded database as a gzipped tar (PGlite only; PostgreSQL is backed up with pg_dump)',
        response: {
          200: {
            description: 'The data folder as a gzipped tar, to restore with `npm run db:restore`.',
            content: { 'application/gzip': { schema: z.string().meta({ format: 'binary' }) } },
          },
          409: errorAnswer(409),
        },
      },
    },
    async (_request, reply) => {
      if (!database.dump)
        throw new AppError(
          'Conflict',
          'This server runs on PostgreSQL: back it up with pg_dump (docs/deploy.md#backups).',
        );
      const dump = await database.dump();
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="petti-${day}.tar.gz"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(await dump.arrayBuffer()));
    },
  );
};

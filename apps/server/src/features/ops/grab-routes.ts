import { exitPassCheckBody, exitPassCheckSchema } from '@petti/shared/schemas/grab';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/openapi.ts';
import { makeRequireOps } from './ops-auth.ts';

/** Shop staff check a grab-and-go exit pass at the door (docs/grab-and-go.md#exit-pass). */
export const opsGrabRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireOps = makeRequireOps(app.ctx.config.OPS_TOKEN);
  app.post(
    '/ops/grab/exit-passes/check',
    {
      preHandler: requireOps,
      schema: {
        tags: ['ops'],
        security: [{ opsToken: [] }],
        summary:
          'Check an exit pass (the QR token or the typed code): valid uses it; else used, expired, otherShop or invalid',
        body: exitPassCheckBody,
        response: { 200: exitPassCheckSchema, ...errorResponses },
      },
    },
    (request) => app.services.grab.checkPass(request.body),
  );
};

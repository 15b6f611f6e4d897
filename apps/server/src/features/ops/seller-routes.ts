import { sellerPageSchema, sellerParams } from '@petti/shared/schemas/catalog';
import { sellerHoursBody } from '@petti/shared/schemas/ops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { errorResponses } from '../../http/openapi.ts';
import { makeRequireOps } from './ops-auth.ts';

/** The ops API for shops' own details: today, their opening hours (the cart and orders obey them). */
export const opsSellerRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireOps = makeRequireOps(app.ctx.config.OPS_TOKEN);
  app.put(
    '/ops/sellers/:id/hours',
    {
      preHandler: requireOps,
      schema: {
        tags: ['ops'],
        security: [{ opsToken: [] }],
        summary: "Set a shop's opening hours (town time, HH:MM; close may be 24:00)",
        params: sellerParams,
        body: sellerHoursBody,
        response: { 200: sellerPageSchema.pick({ seller: true }), ...errorResponses },
      },
    },
    async (request) => {
      const seller = await app.services.sellers.setHours(request.params.id, request.body);
      if (!seller) throw new AppError('ResourceNotFound');
      return { seller };
    },
  );
};

import { exitPassCheckSchema } from '@petti/shared/schemas/grab';
import { shopExitCheckBody, shopParams } from '@petti/shared/schemas/shops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, errorResponses } from '../../http/openapi.ts';
import { requireActiveShop } from '../../http/require-role.ts';

/** A shop's staff check grab-and-go exit passes at its door, for this shop only (docs/grab-and-go.md#exit-pass). */
export const shopGrabRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/shops/:shopId/exit-checks',
    {
      preHandler: [app.requireUser, app.requireRole.shop()],
      schema: {
        tags: ['shops'],
        security: [{ bearer: [] }],
        summary:
          'Check an exit pass (the QR token or the typed code) at this shop: valid uses it; else used, expired, otherShop or invalid',
        description: "A pass paid in another shop answers `otherShop` without that purchase's details.",
        params: shopParams,
        body: shopExitCheckBody,
        response: { 200: exitPassCheckSchema, ...errorResponses, 403: errorBodySchema },
      },
    },
    async (request) => {
      const { shopId } = requireActiveShop(request);
      const check = await app.services.grab.checkPass({ sellerId: shopId, pass: request.body.pass });
      // What someone bought in another shop is none of this shop's business.
      return check.result === 'otherShop' ? { result: check.result, purchase: null } : check;
    },
  );
};

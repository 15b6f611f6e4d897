import {
  OPS_ORDER_ACTIONS,
  type OpsOrderAction,
  opsOrdersQuery,
  orderListSchema,
  orderParamsSchema,
  orderSchema,
} from '@petti/shared/schemas/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorResponses } from '../../http/openapi.ts';
import { makeRequireOps } from './ops-auth.ts';

const moreErrors = { ...errorResponses, 422: errorBodySchema };

/**
 * The ops API: what shop staff (and the shop simulator in @petti/simulators) do to orders. Guarded
 * by the ops token (`Authorization: Bearer <OPS_TOKEN>` or `x-ops-token`), never by a shopper's sign-in.
 */
export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders } = app.services;
  const requireOps = makeRequireOps(app.ctx.config.OPS_TOKEN);
  const tags = ['ops'];
  const security = [{ opsToken: [] }];

  app.get(
    '/ops/orders',
    {
      preHandler: requireOps,
      schema: {
        tags,
        security,
        summary: "A seller's orders (paid ones; `state` to filter), newest first",
        querystring: opsOrdersQuery,
        response: { 200: orderListSchema, ...errorResponses },
      },
    },
    (request) => orders.listForSeller(request.query),
  );

  for (const action of Object.keys(OPS_ORDER_ACTIONS) as OpsOrderAction[]) {
    app.post(
      `/ops/orders/:id/${action}`,
      {
        preHandler: requireOps,
        schema: {
          tags,
          security,
          summary: `Shop step: ${action} → ${OPS_ORDER_ACTIONS[action]}`,
          params: orderParamsSchema,
          body: z.strictObject({ note: z.string().trim().max(200).optional() }).default({}),
          response: { 200: orderSchema, ...moreErrors },
        },
      },
      (request) => orders.shopAction(request.params.id, action, request.body.note),
    );
  }
};

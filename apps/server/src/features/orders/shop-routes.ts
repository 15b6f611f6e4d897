import {
  acceptOrderBody,
  rejectOrderBody,
  SHOP_ORDER_STEPS,
  type ShopOrderStep,
  shopOrderListSchema,
  shopOrderParams,
  shopOrderSchema,
  shopOrdersQuery,
  shopParams,
  shopStepBody,
} from '@petti/shared/schemas/shops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, errorResponses } from '../../http/openapi.ts';
import { requireActiveShop, shopMemberOf } from '../../http/require-role.ts';

const moreErrors = { ...errorResponses, 403: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };

/**
 * The shop's order board and its steps, for the shop's owners and staff (docs/shops.md#the-order-board).
 * Each step records who took it; two members on one order get one success and one `OrderTakenByOther`.
 */
export const shopOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const board = app.services.orders.shopBoard;
  const tags = ['shops'];
  const security = [{ bearer: [] }];
  const member = { preHandler: [app.requireUser, app.requireRole.shop()] };
  const actor = (request: Parameters<typeof requireActiveShop>[0]) => {
    const m = requireActiveShop(request);
    return { shopId: m.shopId, userId: m.userId, name: m.name };
  };

  app.get(
    '/shops/:shopId/orders',
    {
      ...member,
      schema: {
        tags,
        security,
        summary:
          "The shop's board, one lane at a time: new, scheduled (for opening time), active, done (last day)",
        params: shopParams,
        querystring: shopOrdersQuery,
        response: { 200: shopOrderListSchema, ...moreErrors },
      },
    },
    (request) => board.board(shopMemberOf(request).shopId, request.query),
  );

  app.get(
    '/shops/:shopId/orders/:id',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "One of the shop's orders, with who in the shop took each step",
        params: shopOrderParams,
        response: { 200: shopOrderSchema, ...moreErrors },
      },
    },
    (request) => board.one(shopMemberOf(request).shopId, request.params.id),
  );

  app.post(
    '/shops/:shopId/orders/:id/accept',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Accept a new order with a preparation time (the buyer sees when it will be ready)',
        params: shopOrderParams,
        body: acceptOrderBody,
        response: { 200: shopOrderSchema, ...moreErrors },
      },
    },
    (request) => board.accept(actor(request), request.params.id, request.body.prepMinutes),
  );

  app.post(
    '/shops/:shopId/orders/:id/reject',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Turn an order down with a reason, before packing: cancelled and refunded in full',
        params: shopOrderParams,
        body: rejectOrderBody,
        response: { 200: shopOrderSchema, ...moreErrors },
      },
    },
    (request) => board.reject(actor(request), request.params.id, request.body.reason, request.body.note),
  );

  for (const step of Object.keys(SHOP_ORDER_STEPS) as ShopOrderStep[]) {
    app.post(
      `/shops/:shopId/orders/:id/${step}`,
      {
        ...member,
        schema: {
          tags,
          security,
          summary: `Shop step: ${step} → ${SHOP_ORDER_STEPS[step]}`,
          params: shopOrderParams,
          body: shopStepBody,
          response: { 200: shopOrderSchema, ...moreErrors },
        },
      },
      (request) => board.step(actor(request), request.params.id, step, request.body.note),
    );
  }
};

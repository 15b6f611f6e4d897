import {
  cancelOrderBody,
  listOrdersQuery,
  orderCheckinBody,
  orderListSchema,
  orderParamsSchema,
  orderQuoteSchema,
  orderSchema,
  placeOrderBody,
  quoteOrderBody,
  substitutionParams,
} from '@petti/shared/schemas/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../http/caller.ts';
import { errorBodySchema, errorResponses } from '../../http/openapi.ts';
import { userOf } from '../../http/require-user.ts';

const moreErrors = { ...errorResponses, 403: errorBodySchema, 422: errorBodySchema, 503: errorBodySchema };

/** The buyer's order routes (docs/marketplace.md "Orders"). */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders } = app.services;
  const tags = ['orders'];
  const security = [{ bearer: [] }];
  const auth = { preHandler: app.requireUser };

  app.post(
    '/orders/quote',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary:
          'The itemised all-in price of a cart for a destination (items, delivery, small-cart, packaging, GST)',
        body: quoteOrderBody,
        response: { 200: orderQuoteSchema, ...moreErrors },
      },
    },
    (request) => orders.quote(userOf(request).userId, request.body),
  );

  app.post(
    '/orders',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Place an order: stock taken and held 10 min for payment; the answer carries `payment`',
        description:
          'Header `Idempotency-Key` (8–100 of `A-Za-z0-9_.:-`) is required: a retry with the same key answers the same order and payment (200); a new order answers 201.',
        body: placeOrderBody,
        response: { 200: orderSchema, 201: orderSchema, ...moreErrors },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const { order, created } = await orders.place(
        callerOf(request),
        typeof key === 'string' ? key : undefined,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/orders',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My orders, newest first',
        querystring: listOrdersQuery,
        response: { 200: orderListSchema, ...errorResponses },
      },
    },
    (request) => orders.list(userOf(request).userId, request.query),
  );

  app.get(
    '/orders/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary:
          'One of my orders: items, prices, delivery, timeline, pickup PIN while in the locker, payment',
        params: orderParamsSchema,
        response: { 200: orderSchema, ...errorResponses },
      },
    },
    (request) => orders.get(userOf(request).userId, request.params.id),
  );

  app.post(
    '/orders/:id/cancel',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Cancel before packing; what was paid is refunded in full',
        params: orderParamsSchema,
        body: cancelOrderBody,
        response: { 200: orderSchema, ...moreErrors },
      },
    },
    (request) => orders.cancel(callerOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/orders/:id/on-my-way',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Curbside: "On my way" (the shop can get the order ready)',
        params: orderParamsSchema,
        body: orderCheckinBody,
        response: { 200: orderSchema, ...moreErrors },
      },
    },
    (request) => orders.onMyWay(callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/orders/:id/arrived',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Curbside: "I\'m here", with a bay or landmark; the order must be ready for pickup',
        params: orderParamsSchema,
        body: orderCheckinBody,
        response: { 200: orderSchema, ...moreErrors },
      },
    },
    (request) => orders.arrived(callerOf(request), request.params.id, request.body),
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/orders/:id/substitutions/:substitutionId/${answer}`,
      {
        ...auth,
        schema: {
          tags,
          security,
          summary:
            answer === 'accept'
              ? 'Take the substitute the shop offered (a cheaper one refunds the difference)'
              : 'Decline the substitute: that part of the line is refunded',
          description:
            'Answered already: 409 `SubstitutionDecided`; too late: 409 `SubstitutionExpired` (it was refunded).',
          params: substitutionParams,
          response: { 200: orderSchema, ...moreErrors },
        },
      },
      (request) =>
        answer === 'accept'
          ? orders.acceptSubstitute(callerOf(request), request.params.id, request.params.substitutionId)
          : orders.declineSubstitute(callerOf(request), request.params.id, request.params.substitutionId),
    );
  }
};

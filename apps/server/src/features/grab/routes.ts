import {
  grabAndGoItemsSchema,
  grabCheckoutBody,
  grabPurchaseListSchema,
  grabPurchaseParams,
  grabPurchaseSchema,
} from '@petti/shared/schemas/grab';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, errorResponses } from '../../http/openapi.ts';
import { userOf } from '../../http/require-user.ts';

const moreErrors = { ...errorResponses, 409: errorBodySchema, 422: errorBodySchema, 503: errorBodySchema };

/** The shopper's grab-and-go routes (docs/grab-and-go.md). Products are found with `GET /api/products`. */
export const grabRoutes: FastifyPluginAsyncZod = async (app) => {
  const { grab } = app.services;
  const tags = ['grab-and-go'];
  const security = [{ bearer: [] }];
  const auth = { preHandler: app.requireUser };

  app.post(
    '/grab/checkout',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: "Pay one shop's grab cart: lines re-checked and priced; the answer carries `payment`",
        description:
          'BAD lines answer 422 `cartItemsError` with the per-item list, a changed price 409 `PaymentUpdatedException`, a closed shop 409 `SellerClosed`. Stock is taken when the payment is captured; the exit pass comes with the purchase once paid.',
        body: grabCheckoutBody,
        response: { 201: grabPurchaseSchema, ...moreErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await grab.checkout(userOf(request).userId, request.body)),
  );

  app.get(
    '/grab/purchases',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My grab-and-go purchases, newest first (paid, checked out, and one being paid)',
        response: { 200: grabPurchaseListSchema, ...errorResponses },
      },
    },
    async (request) => ({ purchases: await grab.purchases(userOf(request).userId) }),
  );

  app.get(
    '/grab/purchases/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'One of my grab-and-go purchases, with its exit pass once paid',
        params: grabPurchaseParams,
        response: { 200: grabPurchaseSchema, ...errorResponses },
      },
    },
    (request) => grab.purchase(userOf(request).userId, request.params.id),
  );

  app.get(
    '/grab/items',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary:
          '`grabAndGoItems`: what I bought in grab-and-go shops, one entry per product, for buying again',
        response: { 200: grabAndGoItemsSchema, ...errorResponses },
      },
    },
    async (request) => ({ grabAndGoItems: await grab.items(userOf(request).userId) }),
  );
};

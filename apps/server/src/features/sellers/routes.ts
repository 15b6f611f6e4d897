import {
  sellerApplicationBody,
  sellerApplicationSchema,
  sellerListQuery,
  sellerListSchema,
  sellerPageSchema,
  sellerParams,
  sellerQuery,
} from '@petti/shared/schemas/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/openapi.ts';

/** Sellers and become-a-seller: all public (docs/product.md#people-and-access: the seller layout). */
export const sellerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sellers } = app.services;
  const tags = ['sellers'];

  app.get(
    '/sellers',
    {
      schema: {
        tags,
        summary:
          'Sellers with range (sellerRange.dis km), hours, openNow and modes; with lat,lng also distanceM and inRange, nearest first',
        querystring: sellerListQuery,
        response: { 200: sellerListSchema, ...errorResponses },
      },
    },
    async (request) => ({ sellers: await sellers.list(request.query) }),
  );
  app.get(
    '/sellers/:id',
    {
      schema: {
        tags,
        summary: 'A seller’s public landing page: the seller, its category and what it sells',
        params: sellerParams,
        querystring: sellerQuery,
        response: { 200: sellerPageSchema, ...errorResponses },
      },
    },
    (request) => {
      const { lat, lng } = request.query;
      return sellers.page(
        request.params.id,
        lat !== undefined && lng !== undefined ? { lat, lng } : undefined,
      );
    },
  );
  app.post(
    '/seller-applications',
    {
      schema: {
        tags,
        summary: 'Become a seller (public form); a phone number applies once (409 SellerApplicationExists)',
        body: sellerApplicationBody,
        response: { 201: sellerApplicationSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await sellers.apply(request.body)),
  );
};

import {
  complexOrderParams,
  complexOrderSchema,
  complexParams,
  decisionBody,
  hideBody,
  joinRequestListSchema,
  joinRequestSchema,
  listingParams,
  listingSchema,
  opsMemberParams,
} from '@petti/shared/schemas/complex';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, errorResponses } from '../../http/openapi.ts';
import { makeRequireOps } from './ops-auth.ts';

const moreErrors = { ...errorResponses, 409: errorBodySchema };

/** Operators and complex admins without the app: join requests, hiding a listing, payouts (docs/complex.md#ops). */
export const opsComplexRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireOps = makeRequireOps(app.ctx.config.OPS_TOKEN);
  const { membership, complexMarket } = app.services;
  const tags = ['ops'];
  const security = [{ opsToken: [] }];

  app.get(
    '/ops/complexes/:complexId/requests',
    {
      preHandler: requireOps,
      schema: {
        tags,
        security,
        summary: "A complex's pending requests to join, oldest first",
        params: complexParams,
        response: { 200: joinRequestListSchema, ...errorResponses },
      },
    },
    async (request) => ({ requests: await membership.opsRequests(request.params.complexId) }),
  );

  app.post(
    '/ops/complexes/:complexId/requests/:userId',
    {
      preHandler: requireOps,
      schema: {
        tags,
        security,
        summary: 'Approve or refuse a request to join (the shopper is told either way)',
        params: opsMemberParams,
        body: decisionBody,
        response: { 200: joinRequestSchema, ...errorResponses },
      },
    },
    (request) => membership.opsDecide(request.params.complexId, request.params.userId, request.body),
  );

  app.post(
    '/ops/complex/listings/:id/hide',
    {
      preHandler: requireOps,
      schema: {
        tags,
        security,
        summary: 'Hide a reported listing from buyers (or show it again)',
        params: listingParams,
        body: hideBody,
        response: { 200: listingSchema, ...errorResponses },
      },
    },
    (request) => complexMarket.listings.setHidden(null, request.params.id, request.body.hidden),
  );

  app.post(
    '/ops/complex/orders/:id/payout',
    {
      preHandler: requireOps,
      schema: {
        tags,
        security,
        summary: 'Record that the seller of a completed order was paid out',
        params: complexOrderParams,
        response: { 200: complexOrderSchema, ...moreErrors },
      },
    },
    (request) => complexMarket.orders.recordPayout(request.params.id),
  );
};

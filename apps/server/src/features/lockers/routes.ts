import {
  availabilityQuerySchema,
  availabilitySchema,
  lockerLocationsSchema,
  lockerSiteSchema,
  siteParamsSchema,
} from '@petti/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/openapi.ts';

/** Public: no sign-in (docs/product.md#people-and-access: locker sites and availability are public). */
export const lockerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { lockerSites } = app.services;
  const tags = ['lockers'];

  app.get(
    '/locker-locations',
    {
      schema: {
        tags,
        summary: 'Locker sites with hours, type, online state, free lockers per size and prices',
        response: { 200: lockerLocationsSchema },
      },
    },
    () => lockerSites.list(),
  );
  app.get(
    '/locker-locations/:siteId',
    {
      schema: {
        tags,
        summary: 'One locker site',
        params: siteParamsSchema,
        response: { 200: lockerSiteSchema, ...errorResponses },
      },
    },
    (request) => lockerSites.get(request.params.siteId),
  );
  app.get(
    '/locker-locations/:siteId/availability',
    {
      schema: {
        tags,
        summary:
          'Is a size free for a start and duration? Other sizes and the earliest same-size start if not',
        params: siteParamsSchema,
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema, ...errorResponses },
      },
    },
    (request) => lockerSites.availability(request.params.siteId, request.query),
  );
};

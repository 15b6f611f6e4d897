import { placeListSchema, placesQuery } from '@petti/shared/schemas/addresses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/openapi.ts';

/** The address search box: places of the town matching the text (public: no personal data). */
export const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { geocoder } = app.services;
  app.get(
    '/places',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Streets, areas and landmarks of Sivakasi matching q (case-insensitive), for the map pin',
        querystring: placesQuery,
        response: { 200: placeListSchema, ...errorResponses },
      },
    },
    async (request) => ({ places: await geocoder.search(request.query.q, request.query.limit) }),
  );
};

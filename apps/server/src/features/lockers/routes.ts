import {
  availabilityQuerySchema,
  availabilitySchema,
  lockerLocationsSchema,
  lockerSiteSchema,
  siteParamsSchema,
} from '@petti/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/openapi.ts';
import { sendKept } from '../../platform/read-cache/kept-answer.ts';
import { usersService } from '../users/index.ts';
import { createLockerSiteAnswers } from './answers.ts';

/**
 * Public: no sign-in (docs/product.md#people-and-access: locker sites and availability are public), but a
 * complex's own sites are shown to its residents only, so a signed-in app sends its token here too.
 */
export const lockerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { lockerSites } = app.services;
  const tags = ['lockers'];
  // A complex's own sites only for its residents: the signed-in user's complex, if a token came along.
  const viewer = async (request: { user: { userId: string } | null }) =>
    request.user ? usersService.complexOf(app.ctx.database.db, request.user.userId) : null;
  const maybeUser = { preHandler: app.optionalUser };
  // Kept answers per complex, emptied by the lockers' and bookings' change notifications and a few
  // seconds old at most (docs/performance.md#reads).
  const answers = createLockerSiteAnswers(
    app.ctx.database.changes,
    app.ctx.clock,
    app.metrics.readCache('locker_sites'),
  );

  app.get(
    '/locker-locations',
    {
      ...maybeUser,
      schema: {
        tags,
        summary: 'Locker sites with hours, type, online state, free lockers per size and prices',
        response: { 200: lockerLocationsSchema },
      },
    },
    async (request, reply) => {
      const complexId = await viewer(request);
      return sendKept(
        request,
        reply,
        await answers.answer(`sites:${complexId ?? ''}`, lockerLocationsSchema, () =>
          lockerSites.list(complexId),
        ),
      );
    },
  );
  app.get(
    '/locker-locations/:siteId',
    {
      ...maybeUser,
      schema: {
        tags,
        summary: 'One locker site',
        params: siteParamsSchema,
        response: { 200: lockerSiteSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const complexId = await viewer(request);
      const { siteId } = request.params;
      return sendKept(
        request,
        reply,
        await answers.answer(`site:${siteId}:${complexId ?? ''}`, lockerSiteSchema, () =>
          lockerSites.get(siteId, complexId),
        ),
      );
    },
  );
  app.get(
    '/locker-locations/:siteId/availability',
    {
      ...maybeUser,
      schema: {
        tags,
        summary:
          'Is a size free for a start and duration? Other sizes and the earliest same-size start if not',
        params: siteParamsSchema,
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema, ...errorResponses },
      },
    },
    async (request) => lockerSites.availability(request.params.siteId, request.query, await viewer(request)),
  );
};

import {
  complexListQuery,
  complexListSchema,
  decisionBody,
  joinComplexBody,
  joinRequestListSchema,
  joinRequestSchema,
  memberParams,
  membershipSchema,
  myMembershipSchema,
} from '@petti/shared/schemas/complex';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorResponses } from '../../http/openapi.ts';
import { userOf } from '../../http/require-user.ts';

const moreErrors = { ...errorResponses, 403: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };

/** Finding a complex, asking to join, leaving, and the admin's decisions (docs/complex.md#membership). */
export const complexMembershipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { membership } = app.services;
  const tags = ['complex'];
  const security = [{ bearer: [] }];
  const auth = { preHandler: app.requireUser };

  app.get(
    '/complexes',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Complexes by name or area (`q`), nearest first when `lat`/`lng` are given',
        querystring: complexListQuery,
        response: { 200: complexListSchema, ...errorResponses },
      },
    },
    async (request) => ({ complexes: await membership.find(request.query) }),
  );

  app.get(
    '/complex/membership',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My complex: pending, approved or refused, or null',
        response: { 200: myMembershipSchema, ...errorResponses },
      },
    },
    async (request) => ({ membership: await membership.mine(userOf(request).userId) }),
  );

  app.post(
    '/complex/membership',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Ask to join a complex with block and flat (a member asking elsewhere moves)',
        description: 'Pending until the admin decides; the decision arrives as `complexMembershipDecided`.',
        body: joinComplexBody,
        response: { 201: membershipSchema, ...moreErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await membership.join(userOf(request).userId, request.body)),
  );

  app.delete(
    '/complex/membership',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Leave my complex (or withdraw my request)',
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await membership.leave(userOf(request).userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/complex/admin/requests',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: "The admin's screen: requests to join my complex, oldest first",
        response: { 200: joinRequestListSchema, ...moreErrors },
      },
    },
    async (request) => ({ requests: await membership.adminRequests(userOf(request).userId) }),
  );

  app.post(
    '/complex/admin/requests/:userId',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Approve or refuse a request to join my complex',
        params: memberParams,
        body: decisionBody,
        response: { 200: joinRequestSchema, ...moreErrors },
      },
    },
    (request) => membership.adminDecide(userOf(request).userId, request.params.userId, request.body),
  );
};

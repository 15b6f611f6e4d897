import {
  addOperatorBody,
  addShopMemberBody,
  sellerApplicationListSchema,
  sellerApplicationParams,
  sellerApplicationsQuery,
  sellerApplicationViewSchema,
  shopActiveBody,
  shopMemberParams,
  shopMemberSchema,
  shopParams,
  shopSummarySchema,
} from '@petti/shared/schemas/shops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorResponses } from '../../http/openapi.ts';
import { usersService } from '../users/index.ts';
import { makeRequireOps } from './ops-auth.ts';
import { opsWays } from './ops-ways.ts';

const moreErrors = { ...errorResponses, 403: errorBodySchema, 409: errorBodySchema };

/**
 * New shops (docs/shops.md#becoming-a-seller): an operator approves a become-a-seller application,
 * which creates the shop and makes the applicant its owner, and may switch a shop off. The same steps
 * are offered twice: to signed-in operators (their screen) and to the ops token (automation). The ops
 * token also names operators, which is how the first one is set up.
 */
export const shopApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sellerApprovals, shopMembers } = app.services;
  const requireOps = makeRequireOps(app.ctx.config.OPS_TOKEN);
  const ways = opsWays(app);

  for (const way of ways) {
    const { tags, security, guard } = way;
    app.get(
      `${way.prefix}/seller-applications`,
      {
        ...guard,
        schema: {
          tags,
          security,
          summary: 'Become-a-seller applications (`status`: received by default), newest first',
          querystring: sellerApplicationsQuery,
          response: { 200: sellerApplicationListSchema, ...moreErrors },
        },
      },
      async (request) => ({ applications: await sellerApprovals.list(request.query.status) }),
    );

    app.post(
      `${way.prefix}/seller-applications/:id/approve`,
      {
        ...guard,
        schema: {
          tags,
          security,
          summary: 'Approve: the shop is created and the applicant becomes its owner',
          params: sellerApplicationParams,
          response: { 200: sellerApplicationViewSchema, ...moreErrors },
        },
      },
      (request) => sellerApprovals.approve(request.params.id, way.by(request)),
    );

    app.post(
      `${way.prefix}/seller-applications/:id/refuse`,
      {
        ...guard,
        schema: {
          tags,
          security,
          summary: 'Refuse an application',
          params: sellerApplicationParams,
          response: { 200: sellerApplicationViewSchema, ...moreErrors },
        },
      },
      (request) => sellerApprovals.refuse(request.params.id),
    );

    app.put(
      `${way.prefix}/shops/:shopId/active`,
      {
        ...guard,
        schema: {
          tags,
          security,
          summary: 'Switch a shop off (no orders; its members can only read) or on again',
          params: shopParams,
          body: shopActiveBody,
          response: { 200: shopSummarySchema, ...moreErrors },
        },
      },
      (request) => shopMembers.setActive(request.params.shopId, request.body.active),
    );
  }

  // Automation and support: someone added to a shop without its owner (an owner who lost their number).
  app.post(
    '/ops/shops/:shopId/members',
    {
      preHandler: requireOps,
      schema: {
        tags: ['ops'],
        security: [{ opsToken: [] }],
        summary: 'Add an owner or staff member to a shop by phone',
        params: shopParams,
        body: addShopMemberBody,
        response: { 201: shopMemberSchema, ...moreErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await shopMembers.add({ shopId: request.params.shopId, userId: 'ops' }, request.body)),
  );

  app.delete(
    '/ops/shops/:shopId/members/:phone',
    {
      preHandler: requireOps,
      schema: {
        tags: ['ops'],
        security: [{ opsToken: [] }],
        summary: 'Remove someone from a shop (a shop has at least one owner: the last is refused)',
        params: shopMemberParams,
        response: { 204: z.null(), ...moreErrors },
      },
    },
    async (request, reply) => {
      await shopMembers.remove({ shopId: request.params.shopId }, request.params.phone);
      return reply.code(204).send(null);
    },
  );

  for (const way of ways)
    app.post(
      `${way.prefix}/operators`,
      {
        ...way.guard,
        schema: {
          tags: way.tags,
          security: way.security,
          summary:
            way.prefix === '/ops'
              ? "Make someone one of Petti's operators, by phone (the first operator's set-up)"
              : "An operator makes someone else one of Petti's operators, by phone",
          body: addOperatorBody,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await usersService.addOperator(
          app.ctx.database.db,
          request.body.phone,
          way.by(request),
          app.ctx.clock.now(),
        );
        return reply.code(204).send(null);
      },
    );
};

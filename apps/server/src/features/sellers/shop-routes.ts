import { sellerPageSchema } from '@petti/shared/schemas/catalog';
import { sellerHoursBody } from '@petti/shared/schemas/ops';
import { closedTodayBody, shopSettingsBody, shopSettingsSchema } from '@petti/shared/schemas/shop-settings';
import {
  addShopMemberBody,
  myShopsSchema,
  shopMemberParams,
  shopMemberSchema,
  shopMembersSchema,
  shopParams,
} from '@petti/shared/schemas/shops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { errorBodySchema, errorResponses } from '../../http/openapi.ts';
import { shopMemberOf } from '../../http/require-role.ts';
import { userOf } from '../../http/require-user.ts';

const moreErrors = { ...errorResponses, 403: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };

/** A shop's own people and settings, for its members (docs/shops.md#roles). */
export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  const { shopMembers, sellers, shopSettings } = app.services;
  const tags = ['shops'];
  const security = [{ bearer: [] }];
  const member = { preHandler: [app.requireUser, app.requireRole.shop()] };
  const owner = { preHandler: [app.requireUser, app.requireRole.shop(['owner'])] };

  app.get(
    '/shops/mine',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'The shops I work in, with my role in each (empty for a shopper)',
        response: { 200: myShopsSchema, ...errorResponses },
      },
    },
    (request) => shopMembers.mine(userOf(request).userId),
  );

  app.get(
    '/shops/:shopId/members',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "The shop's owners and staff",
        params: shopParams,
        response: { 200: shopMembersSchema, ...moreErrors },
      },
    },
    async (request) => ({ members: await shopMembers.list(shopMemberOf(request).shopId) }),
  );

  app.post(
    '/shops/:shopId/members',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary: 'Owner: add staff (or another owner) by phone number',
        description: 'The number may not have signed up yet: they see the shop once they sign in with it.',
        params: shopParams,
        body: addShopMemberBody,
        response: { 201: shopMemberSchema, ...moreErrors },
      },
    },
    async (request, reply) => {
      const added = await shopMembers.add(shopMemberOf(request), request.body);
      return reply.code(201).send(added);
    },
  );

  app.delete(
    '/shops/:shopId/members/:phone',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary: 'Owner: remove someone from the shop (their next request is refused)',
        params: shopMemberParams,
        response: { 204: z.null(), ...moreErrors },
      },
    },
    async (request, reply) => {
      await shopMembers.remove(shopMemberOf(request), request.params.phone);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/shops/:shopId/hours',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary: "Owner: set the shop's opening hours (town time, HH:MM; close may be 24:00)",
        params: shopParams,
        body: sellerHoursBody,
        response: { 200: sellerPageSchema.pick({ seller: true }), ...moreErrors },
      },
    },
    async (request) => {
      const seller = await sellers.setHours(shopMemberOf(request).shopId, request.body);
      if (!seller) throw new AppError('ResourceNotFound');
      return { seller };
    },
  );

  app.get(
    '/shops/:shopId/settings',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "The shop's hours per weekday, holidays, what it offers, its range, GSTIN and FSSAI number",
        params: shopParams,
        response: { 200: shopSettingsSchema, ...moreErrors },
      },
    },
    (request) => shopSettings.get(shopMemberOf(request).shopId),
  );

  app.put(
    '/shops/:shopId/settings',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary: "Owner: set the shop's settings, all at once",
        description:
          'Closing after opening each day (`ShopHoursInvalid`); a GSTIN with its check character (`GstinInvalid`); an FSSAI licence of 14 digits (`FssaiInvalid`). Holidays already past are dropped.',
        params: shopParams,
        body: shopSettingsBody,
        response: { 200: shopSettingsSchema, ...moreErrors },
      },
    },
    (request) => shopSettings.put(shopMemberOf(request).shopId, request.body),
  );

  app.put(
    '/shops/:shopId/closed-today',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary: 'Owner: shut the shop for the rest of today, or open it again',
        description:
          'Shut, shoppers see it closed and may order for its next opening; orders already placed stay on the board.',
        params: shopParams,
        body: closedTodayBody,
        response: { 200: shopSettingsSchema, ...moreErrors },
      },
    },
    (request) => shopSettings.closedToday(shopMemberOf(request).shopId, request.body.closed),
  );
};

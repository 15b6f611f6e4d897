import { MAX_PHOTO_BYTES, photoFileParams } from '@petti/shared/schemas/photo';
import { shopMoneyQuery, shopMoneySchema } from '@petti/shared/schemas/shop-money';
import {
  acceptOrderBody,
  itemUnavailableBody,
  myShopOrdersQuery,
  rejectOrderBody,
  SHOP_ORDER_STEPS,
  type ShopOrderStep,
  shopOrderItemParams,
  shopOrderListSchema,
  shopOrderParams,
  shopOrderSchema,
  shopOrdersQuery,
  shopParams,
  shopStepBody,
  substituteBody,
} from '@petti/shared/schemas/shops';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../http/app-error.ts';
import { acceptImageBodies, imageUpload, imageUploadAnswers } from '../../http/image-body.ts';
import { errorBodySchema, errorResponses } from '../../http/openapi.ts';
import { requireActiveShop, shopMemberOf } from '../../http/require-role.ts';
import { userOf } from '../../http/require-user.ts';
import { proofKey } from './proof-photos.ts';
import { moneyCsv } from './shop-money.ts';

const moreErrors = {
  ...errorResponses,
  403: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  423: errorBodySchema,
};

/**
 * The shop's order board and its steps, for the shop's owners and staff (docs/shops.md#the-order-board).
 * Each step records who took it; two members on one order get one success and one `OrderTakenByOther`.
 */
export const shopOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const board = app.services.orders.shopBoard;
  const tags = ['shops'];
  const security = [{ bearer: [] }];
  const member = { preHandler: [app.requireUser, app.requireRole.shop()] };
  const actor = (request: Parameters<typeof requireActiveShop>[0]) => {
    const m = requireActiveShop(request);
    return { shopId: m.shopId, userId: m.userId, name: m.name };
  };

  app.get(
    '/shops/mine/orders',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'The lanes (`lanes=new,active` by default) of every shop I work in that is switched on, oldest first',
        querystring: myShopOrdersQuery,
        response: { 200: shopOrderListSchema, ...moreErrors },
      },
    },
    async (request) => {
      const { shops } = await app.services.shopMembers.mine(userOf(request).userId);
      const ids = shops.filter((s) => s.shop.active).map((s) => s.shop.id);
      return board.forShops(ids, request.query.lanes, request.query.pageSize);
    },
  );

  app.get(
    '/shops/:shopId/orders',
    {
      ...member,
      schema: {
        tags,
        security,
        summary:
          "The shop's board, one lane at a time: new, scheduled (for opening time), active, done (last day)",
        params: shopParams,
        querystring: shopOrdersQuery,
        response: { 200: shopOrderListSchema, ...moreErrors },
      },
    },
    (request) => board.board(shopMemberOf(request).shopId, request.query),
  );

  app.get(
    '/shops/:shopId/orders/:id',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "One of the shop's orders, with who in the shop took each step",
        params: shopOrderParams,
        response: { 200: shopOrderSchema, ...moreErrors },
      },
    },
    (request) => board.one(shopMemberOf(request).shopId, request.params.id),
  );

  app.post(
    '/shops/:shopId/orders/:id/accept',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Accept a new order with a preparation time (the buyer sees when it will be ready)',
        params: shopOrderParams,
        body: acceptOrderBody,
        response: { 200: shopOrderSchema, ...moreErrors },
      },
    },
    (request) => board.accept(actor(request), request.params.id, request.body.prepMinutes),
  );

  app.post(
    '/shops/:shopId/orders/:id/reject',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Turn an order down with a reason, before packing: cancelled and refunded in full',
        params: shopOrderParams,
        body: rejectOrderBody,
        response: { 200: shopOrderSchema, ...moreErrors },
      },
    },
    (request) => board.reject(actor(request), request.params.id, request.body.reason, request.body.note),
  );

  app.post(
    '/shops/:shopId/orders/:id/items/:vrntId/unavailable',
    {
      ...member,
      schema: {
        tags,
        security,
        summary:
          'An item is not there: (part of) a line marked missing; the buyer is refunded for it and told',
        description:
          'Before packing. `quantity` defaults to all of the line still coming. Nothing would be left: 409 `AllItemsUnavailable` (turn the order down instead).',
        params: shopOrderItemParams,
        body: itemUnavailableBody,
        response: { 200: shopOrderSchema, ...moreErrors },
      },
    },
    (request) =>
      board.unavailable(actor(request), request.params.id, request.params.vrntId, request.body.quantity),
  );

  app.post(
    '/shops/:shopId/orders/:id/items/:vrntId/substitute',
    {
      ...member,
      schema: {
        tags,
        security,
        summary:
          'Offer a substitute from this shop for (part of) a line; the buyer answers within 10 minutes',
        description:
          'Dearer than the line: 422 `SubstituteTooDear`; out of stock: 409 `SubstituteOutOfStock`; an offer for the line still waiting: 409 `SubstitutionPending`. No answer in time counts as declined (the line is refunded).',
        params: shopOrderItemParams,
        body: substituteBody,
        response: { 200: shopOrderSchema, ...moreErrors },
      },
    },
    (request) => board.substitute(actor(request), request.params.id, request.params.vrntId, request.body),
  );

  for (const step of Object.keys(SHOP_ORDER_STEPS) as ShopOrderStep[]) {
    app.post(
      `/shops/:shopId/orders/:id/${step}`,
      {
        ...member,
        schema: {
          tags,
          security,
          summary: `Shop step: ${step} → ${SHOP_ORDER_STEPS[step]}`,
          description:
            step === 'deliver'
              ? "Home delivery needs the buyer's 4-digit `code` or a proof photo sent first: 422 `DeliveryProofNeeded`; a wrong code 422 `DeliveryCodeWrong` (`attemptsLeft`); after three, 423 `DeliveryCodeLocked` (a photo still works)."
              : undefined,
          params: shopOrderParams,
          body: shopStepBody,
          response: { 200: shopOrderSchema, ...moreErrors },
        },
      },
      (request) => board.step(actor(request), request.params.id, step, request.body),
    );
  }

  // The photo taken at the door: the body is the image itself (docs/pictures.md).
  await app.register(async (raw) => {
    acceptImageBodies(raw);
    raw.withTypeProvider<ZodTypeProvider>().post(
      '/shops/:shopId/orders/:id/proof-photo',
      {
        ...member,
        bodyLimit: MAX_PHOTO_BYTES,
        schema: {
          tags,
          security,
          summary:
            'Proof of delivery: a photo at the door (the body is the image), then `deliver` needs no code',
          description:
            'Home delivery out for delivery only. Not an image: 422 `PhotoInvalid`; over 8 MB: 413.',
          params: shopOrderParams,
          ...imageUpload,
          response: { 200: shopOrderSchema, ...moreErrors, ...imageUploadAnswers },
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('PhotoInvalid');
        return board.proofPhoto(actor(request), request.params.id, body);
      },
    );
  });

  app.get(
    '/orders/proof-photos/:id/:size',
    {
      schema: {
        tags: ['orders'],
        summary:
          'A proof-of-delivery photo at one width (WebP); the id is unguessable, as for any shared photo link',
        params: photoFileParams,
      },
    },
    async (request, reply) => {
      const file = await app.services.storage.get(proofKey(request.params.id, request.params.size));
      if (!file) throw notFound('photo');
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(file.body);
    },
  );

  const owner = { preHandler: [app.requireUser, app.requireRole.shop(['owner'])] };
  app.get(
    '/shops/:shopId/money',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary:
          "Owner: the orders paid in a span of town dates (`from`, `to`, both included; today by default), with refunds, Petti's fees and what the shop is owed",
        params: shopParams,
        querystring: shopMoneyQuery,
        response: { 200: shopMoneySchema, ...moreErrors },
      },
    },
    (request) => app.services.orders.shopMoney(shopMemberOf(request).shopId, request.query),
  );

  app.get(
    '/shops/:shopId/money.csv',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary: 'Owner: the same as a CSV file, one row per order and a total',
        params: shopParams,
        querystring: shopMoneyQuery,
        response: { 200: z.string(), ...moreErrors },
      },
    },
    async (request, reply) => {
      const report = await app.services.orders.shopMoney(shopMemberOf(request).shopId, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="petti-${shopMemberOf(request).shopId}-${report.from}-to-${report.to}.csv"`,
        )
        .send(moneyCsv(report));
    },
  );
};

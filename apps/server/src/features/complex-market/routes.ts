import {
  buyListingBody,
  COMPLEX_RULES,
  cancelComplexOrderBody,
  complexOrderListSchema,
  complexOrderParams,
  complexOrderSchema,
  hideBody,
  listingInput,
  listingListSchema,
  listingParams,
  listingPatch,
  listingQuery,
  listingReportListSchema,
  listingSchema,
  myListingsSchema,
  photoSchema,
  problemBody,
  reportBody,
} from '@petti/shared/schemas/complex';
import { photoFileParams } from '@petti/shared/schemas/photo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../http/app-error.ts';
import { acceptImageBodies, imageUpload, imageUploadAnswers } from '../../http/image-body.ts';
import { errorBodySchema, errorResponses } from '../../http/openapi.ts';
import { userOf } from '../../http/require-user.ts';
import { photoKey } from './photos.ts';

const moreErrors = {
  ...errorResponses,
  403: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  503: errorBodySchema,
};

/**
 * The complex marketplace's routes (docs/complex.md). Every listing and order route is for approved
 * members of the listing's complex (403 `NotComplexMember` / `ComplexMembershipPending` otherwise;
 * another complex's listing is 404).
 */
export const complexMarketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { listings, orders, storage } = app.services.complexMarket;
  const tags = ['complex'];
  const security = [{ bearer: [] }];
  const auth = { preHandler: app.requireUser };
  const me = (request: Parameters<typeof userOf>[0]) => userOf(request).userId;

  // ------------------------------------------------------------ photos
  await app.register(async (raw) => {
    // The photo is the body itself (`Content-Type: image/jpeg`…), up to 8 MB; sharp decides whether it is one.
    acceptImageBodies(raw);
    raw.post(
      '/complex/photos',
      {
        ...auth,
        bodyLimit: COMPLEX_RULES.maxPhotoBytes,
        schema: {
          tags,
          security,
          summary: 'Upload a photo for a listing (the body is the image); resized to three WebP widths',
          description:
            'Answers the photo id to put in `photoIds`. Not an image: 422 `PhotoInvalid`; over 8 MB: 413.',
          ...imageUpload,
          response: { 201: photoSchema, ...moreErrors, ...imageUploadAnswers },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('PhotoInvalid');
        return reply.code(201).send(await listings.uploadPhoto(me(request), body));
      },
    );
  });

  app.get(
    '/complex/photos/:id/:size',
    {
      schema: {
        tags,
        summary: 'A listing photo at one width (WebP). The id is unguessable, as for any shared photo link',
        params: photoFileParams,
      },
    },
    async (request, reply) => {
      const file = await storage.get(photoKey(request.params.id, request.params.size));
      if (!file) throw notFound('photo');
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.body);
    },
  );

  // ------------------------------------------------------------ listings
  app.get(
    '/complex/listings',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary:
          "My complex's listings on sale, newest first; `q` searches title and description, `categoryId` narrows",
        querystring: listingQuery,
        response: { 200: listingListSchema, ...moreErrors },
      },
    },
    async (request) => ({ listings: await listings.list(me(request), request.query) }),
  );

  app.post(
    '/complex/listings',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'List an item for my neighbours',
        body: listingInput,
        response: { 201: listingSchema, ...moreErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await listings.create(me(request), request.body)),
  );

  app.get(
    '/complex/listings/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'One listing of my complex',
        params: listingParams,
        response: { 200: listingSchema, ...moreErrors },
      },
    },
    (request) => listings.get(me(request), request.params.id),
  );

  app.patch(
    '/complex/listings/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Edit my listing, pause it, mark it sold out, delist it, or make it active again',
        params: listingParams,
        body: listingPatch,
        response: { 200: listingSchema, ...moreErrors },
      },
    },
    (request) => listings.update(me(request), request.params.id, request.body),
  );

  app.post(
    '/complex/listings/:id/report',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: "Report a neighbour's listing to the complex's admin",
        params: listingParams,
        body: reportBody,
        response: { 204: z.null(), ...moreErrors },
      },
    },
    async (request, reply) => {
      await listings.report(me(request), request.params.id, request.body.reason);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/complex/my-listings',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My listings (every status) and my sales with what they earned',
        response: { 200: myListingsSchema, ...moreErrors },
      },
    },
    async (request) => {
      const userId = me(request);
      return { listings: await listings.mine(userId), earnings: await orders.earnings(userId) };
    },
  );

  app.get(
    '/complex/admin/reports',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: "The admin's screen: reported listings of my complex, most reported first",
        response: { 200: listingReportListSchema, ...moreErrors },
      },
    },
    async (request) => ({ reported: await listings.reported(me(request)) }),
  );

  app.post(
    '/complex/admin/listings/:id/hide',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'The admin hides a listing from buyers, or shows it again',
        params: listingParams,
        body: hideBody,
        response: { 200: listingSchema, ...moreErrors },
      },
    },
    (request) => listings.setHidden(me(request), request.params.id, request.body.hidden),
  );

  // ------------------------------------------------------------ orders
  app.post(
    '/complex/orders',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Buy from a neighbour: the quantity is held while paying; the answer carries `payment`',
        description:
          'Not enough left: 409 `ListingUnavailable`. The hold lapses after 15 minutes unpaid, or at once when the payment fails.',
        body: buyListingBody,
        response: { 201: complexOrderSchema, ...moreErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await orders.buy(me(request), request.body)),
  );

  app.get(
    '/complex/orders',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Orders I bought from or sold to neighbours, newest first',
        response: { 200: complexOrderListSchema, ...errorResponses },
      },
    },
    async (request) => ({ orders: await orders.list(me(request)) }),
  );

  app.get(
    '/complex/orders/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary:
          'One order between residents, with its timeline and (to the side holding the locker) the PIN',
        params: complexOrderParams,
        response: { 200: complexOrderSchema, ...errorResponses },
      },
    },
    (request) => orders.get(me(request), request.params.id),
  );

  const action = (
    path: string,
    summary: string,
    run: (userId: string, id: string, body: { reason?: string }) => Promise<unknown>,
    // A step with nothing to say may be posted with no body at all.
    body: z.ZodType<{ reason?: string } | null | undefined> = z.strictObject({}).nullish(),
  ) =>
    app.post(
      `/complex/orders/:id/${path}`,
      {
        ...auth,
        schema: {
          tags,
          security,
          summary,
          params: complexOrderParams,
          body,
          response: { 200: complexOrderSchema, ...moreErrors },
        },
      },
      (request) => run(me(request), request.params.id, (request.body ?? {}) as { reason?: string }) as never,
    );
  action('handed-over', 'Seller: I handed it over in person', (u, id) => orders.handedOver(u, id));
  action('received', 'Buyer: I received it', (u, id) => orders.received(u, id));
  action(
    'problem',
    'Buyer: report a problem with the hand-over',
    (u, id, b) => orders.problem(u, id, b.reason!),
    problemBody,
  );
  action(
    'cancel',
    'Seller: cancel before the hand-over (the buyer is refunded in full)',
    (u, id, b) => orders.cancel(u, id, b.reason),
    cancelComplexOrderBody.nullish(),
  );
};

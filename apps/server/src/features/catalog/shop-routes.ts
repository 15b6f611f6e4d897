import { MAX_PHOTO_BYTES } from '@petti/shared/schemas/photo';
import {
  newPackBody,
  newProductBody,
  packChangeBody,
  productChangeBody,
  shopProductAnswer,
  shopProductPageSchema,
  shopProductParams,
  shopProductsQuery,
  shopVariantParams,
} from '@petti/shared/schemas/shop-catalog';
import { shopParams } from '@petti/shared/schemas/shops';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { acceptImageBodies, imageUpload, imageUploadAnswers } from '../../http/image-body.ts';
import { errorBodySchema, errorResponses } from '../../http/openapi.ts';
import { shopMemberOf } from '../../http/require-role.ts';

const moreErrors = { ...errorResponses, 403: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };

/**
 * A shop's catalogue from its app, for its owners and staff (docs/shops.md#stock-and-catalogue). Each
 * route acts only on the shop in its path, which the caller must work in.
 */
export const shopCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const shopCatalog = app.services.shopCatalog;
  const tags = ['shops'];
  const security = [{ bearer: [] }];
  const member = { preHandler: [app.requireUser, app.requireRole.shop()] };
  const shopOf = (request: Parameters<typeof shopMemberOf>[0]) => shopMemberOf(request).shopId;

  app.get(
    '/shops/:shopId/products',
    {
      ...member,
      schema: {
        tags,
        security,
        summary:
          "The shop's products: all, by name or by a pack's barcode; those running low or out of stock; by name or by what sells",
        params: shopParams,
        querystring: shopProductsQuery,
        response: { 200: shopProductPageSchema, ...moreErrors },
      },
    },
    (request) => shopCatalog.search(shopOf(request), request.query),
  );

  app.post(
    '/shops/:shopId/products',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Add a product with its English and Tamil names, category and packs',
        description:
          'Each pack: price above ₹0 and at most the MRP (`PriceNotPositive`, `PriceAboveMrp`), stock not below zero (`StockNegative`), an EAN-13 with a true check digit (`BarcodeInvalid`) that no other pack of the shop has (409 `BarcodeTaken`).',
        params: shopParams,
        body: newProductBody,
        response: { 201: shopProductAnswer, ...moreErrors },
      },
    },
    async (request, reply) => {
      const product = await shopCatalog.create(shopOf(request), request.body);
      return reply.code(201).send({ product });
    },
  );

  app.post(
    '/shops/:shopId/products/:productId/packs',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Add another pack (size) to one of the shop’s products',
        params: shopProductParams,
        body: newPackBody,
        response: { 201: shopProductAnswer, ...moreErrors },
      },
    },
    async (request, reply) => {
      const product = await shopCatalog.addPack(shopOf(request), request.params.productId, request.body);
      return reply.code(201).send({ product });
    },
  );

  app.patch(
    '/shops/:shopId/products/:productId',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "Change a product's English and Tamil names, category or hazardous flag",
        params: shopProductParams,
        body: productChangeBody,
        response: { 200: shopProductAnswer, ...moreErrors },
      },
    },
    async (request) => ({
      product: await shopCatalog.changeProduct(shopOf(request), request.params.productId, request.body),
    }),
  );

  app.patch(
    '/shops/:shopId/variants/:vrntId',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "Change a pack's price, MRP, stock, always-in-stock or barcode",
        description:
          'Judged as the pack will be after the change. A new price reaches shoppers’ carts as `PaymentUpdatedException` at their next check.',
        params: shopVariantParams,
        body: packChangeBody,
        response: { 200: shopProductAnswer, ...moreErrors },
      },
    },
    async (request) => ({
      product: await shopCatalog.changePack(shopOf(request), request.params.vrntId, request.body),
    }),
  );

  // The product's photo: the body is the image itself (docs/pictures.md).
  await app.register(async (plugin) => {
    acceptImageBodies(plugin);
    const raw = plugin.withTypeProvider<ZodTypeProvider>();
    raw.post(
      '/shops/:shopId/products/:productId/photo',
      {
        ...member,
        bodyLimit: MAX_PHOTO_BYTES,
        schema: {
          tags,
          security,
          summary: "Set the product's photo (the body is the image), shown instead of its illustration",
          description: 'Not an image: 422 `PhotoInvalid`; over 8 MB: 413 `PhotoTooLarge`.',
          params: shopProductParams,
          ...imageUpload,
          response: { 200: shopProductAnswer, ...moreErrors, ...imageUploadAnswers },
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('PhotoInvalid');
        return { product: await shopCatalog.setPhoto(shopOf(request), request.params.productId, body) };
      },
    );
  });

  app.delete(
    '/shops/:shopId/products/:productId/photo',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "Remove the product's photo (its illustration shows again)",
        params: shopProductParams,
        response: { 200: shopProductAnswer, ...moreErrors },
      },
    },
    async (request) => ({
      product: await shopCatalog.clearPhoto(shopOf(request), request.params.productId),
    }),
  );
};

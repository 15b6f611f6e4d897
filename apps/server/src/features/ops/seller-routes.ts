import {
  productAnswerSchema,
  productParams,
  sellerPageSchema,
  sellerParams,
} from '@petti/shared/schemas/catalog';
import { sellerHoursBody } from '@petti/shared/schemas/ops';
import { MAX_PHOTO_BYTES } from '@petti/shared/schemas/photo';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { acceptImageBodies, imageUpload, imageUploadAnswers } from '../../http/image-body.ts';
import { errorResponses } from '../../http/openapi.ts';
import { makeRequireOps } from './ops-auth.ts';

/** The ops API for shops' own details: their opening hours (the cart and orders obey them) and product photos. */
export const opsSellerRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireOps = makeRequireOps(app.ctx.config.OPS_TOKEN);
  app.put(
    '/ops/sellers/:id/hours',
    {
      preHandler: requireOps,
      schema: {
        tags: ['ops'],
        security: [{ opsToken: [] }],
        summary: "Set a shop's opening hours (town time, HH:MM; close may be 24:00)",
        params: sellerParams,
        body: sellerHoursBody,
        response: { 200: sellerPageSchema.pick({ seller: true }), ...errorResponses },
      },
    },
    async (request) => {
      const seller = await app.services.sellers.setHours(request.params.id, request.body);
      if (!seller) throw new AppError('ResourceNotFound');
      return { seller };
    },
  );

  // A shop's photos of its products (docs/pictures.md): the body is the image itself.
  await app.register(async (plugin) => {
    acceptImageBodies(plugin);
    const raw = plugin.withTypeProvider<ZodTypeProvider>();
    raw.post(
      '/ops/products/:id/photo',
      {
        preHandler: requireOps,
        bodyLimit: MAX_PHOTO_BYTES,
        schema: {
          tags: ['ops'],
          security: [{ opsToken: [] }],
          summary:
            "Set a product's photo (the body is the image): resized to three WebP widths, shown instead of its illustration",
          description: 'Not an image: 422 `PhotoInvalid`; over 8 MB: 413 `PhotoTooLarge`.',
          params: productParams,
          ...imageUpload,
          response: { 200: productAnswerSchema, ...errorResponses, ...imageUploadAnswers },
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('PhotoInvalid');
        return { product: await app.services.catalog.setPhoto(request.params.id, body) };
      },
    );
  });
  app.delete(
    '/ops/products/:id/photo',
    {
      preHandler: requireOps,
      schema: {
        tags: ['ops'],
        security: [{ opsToken: [] }],
        summary: "Remove a product's photo (its illustration shows again)",
        params: productParams,
        response: { 200: productAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({ product: await app.services.catalog.clearPhoto(request.params.id) }),
  );
};

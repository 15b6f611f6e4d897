import {
  categoryListSchema,
  productAnswerSchema,
  productListQuery,
  productPageSchema,
  productParams,
} from '@petti/shared/schemas/catalog';
import { photoFileParams } from '@petti/shared/schemas/photo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../http/app-error.ts';
import { errorResponses } from '../../http/openapi.ts';
import { sendKept } from '../../platform/read-cache/kept-answer.ts';
import { createCatalogAnswers } from './answers.ts';

/** Public catalog reads (docs/product.md#people-and-access: categories are public; so is browsing). */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app.services;
  const tags = ['catalog'];
  // Kept answers, emptied by the catalogue's own change notifications (docs/performance.md#reads).
  const answers = createCatalogAnswers(
    app.ctx.database.changes,
    app.ctx.clock,
    app.metrics.readCache('catalog'),
  );

  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Every marketplace category (public)',
        response: { 200: categoryListSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendKept(
        request,
        reply,
        await answers.answer('categories', categoryListSchema, async () => ({
          categories: await catalog.categories(),
        })),
      ),
  );
  app.get(
    '/products',
    {
      schema: {
        tags,
        summary:
          'Products with their variants: by seller, category and a case-insensitive name search, paged',
        querystring: productListQuery,
        response: { 200: productPageSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendKept(
        request,
        reply,
        await answers.answer(`products?${JSON.stringify(request.query)}`, productPageSchema, () =>
          catalog.listProducts(request.query),
        ),
      ),
  );
  app.get(
    '/products/:id',
    {
      schema: {
        tags,
        summary: 'One product with its variants (price, MRP, unit, stock, alwaysInventory, tax, hazardous)',
        params: productParams,
        response: { 200: productAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendKept(
        request,
        reply,
        await answers.answer(`product/${request.params.id}`, productAnswerSchema, async () => ({
          product: await catalog.product(request.params.id),
        })),
      ),
  );
  app.get(
    '/products/photos/:id/:size',
    {
      schema: {
        tags,
        summary: "A shop's product photo at one width (WebP; the id changes with every new photo)",
        params: photoFileParams,
      },
    },
    async (request, reply) => {
      const file = await catalog.photoFile(request.params.id, request.params.size);
      if (!file) throw notFound('photo');
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.body);
    },
  );
};

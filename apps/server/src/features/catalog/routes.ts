import {
  categoryListSchema,
  productAnswerSchema,
  productListQuery,
  productPageSchema,
  productParams,
} from '@petti/shared/schemas/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/openapi.ts';

/** Public catalog reads (docs/product.md#people-and-access: categories are public; so is browsing). */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app.services;
  const tags = ['catalog'];

  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Every marketplace category (public)',
        response: { 200: categoryListSchema, ...errorResponses },
      },
    },
    async () => ({ categories: await catalog.categories() }),
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
    (request) => catalog.listProducts(request.query),
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
    async (request) => ({ product: await catalog.product(request.params.id) }),
  );
};

import { cartCheckSchema, putCartBody, serverCartSchema, validateCartBody } from '@petti/shared/schemas/cart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { errorResponses } from '../../http/openapi.ts';
import { userOf } from '../../http/require-user.ts';
import { sellerClosedError } from './validate.ts';

/** Cart validation and the server's copy of the cart (sign-in required, like /MyCart). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cart } = app.services;
  const tags = ['cart'];
  const security = [{ bearer: [] }];
  app.addHook('preHandler', app.requireUser);

  app.post(
    '/cart/validate',
    {
      schema: {
        tags,
        security,
        summary:
          'Re-read stock, price and the shop’s hours for each line: { vrntId, status: OK | BAD, message }. A changed price answers 409 PaymentUpdatedException with the same fields; a closed shop 409 SellerClosed',
        body: validateCartBody,
        response: { 200: cartCheckSchema, ...errorResponses },
      },
    },
    async (request) => {
      const result = await cart.validate(request.body.items, { whenShopOpens: request.body.whenShopOpens });
      const closed = sellerClosedError(result);
      if (closed) throw closed;
      // docs/product.md#cart-validation: a changed price is PaymentUpdatedException (the persistent "price
      // updated" toast).
      if (result.priceChanged) throw new AppError('PaymentUpdatedException', undefined, { details: result });
      return result;
    },
  );
  app.get(
    '/cart',
    {
      schema: {
        tags,
        security,
        summary: 'My server cart (cartId) with current product data, in the delivery cart’s shape',
        response: { 200: serverCartSchema, ...errorResponses },
      },
    },
    (request) => cart.get(userOf(request).userId),
  );
  app.put(
    '/cart',
    {
      schema: {
        tags,
        security,
        summary: 'Mirror the app’s cart here: { sellerId?, items: [{ vrntId, quantity }] }; [] empties it',
        body: putCartBody,
        response: { 200: serverCartSchema, ...errorResponses },
      },
    },
    (request) => cart.put(userOf(request).userId, request.body),
  );
};

import {
  bookingListSchema,
  bookingParamsSchema,
  bookingSchema,
  cancelAnswerSchema,
  createBookingBody,
  extendBookingBody,
  extendQuoteQuery,
  listBookingsQuery,
  moveBookingBody,
  quoteQuerySchema,
  quoteSchema,
  unlockAnswerSchema,
} from '@petti/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/caller.ts';
import { errorBodySchema, errorResponses } from '../../http/openapi.ts';
import { userOf } from '../../http/require-user.ts';

const IDEMPOTENCY = /^[\w.:-]{8,100}$/;

const moreErrors = {
  ...errorResponses,
  402: errorBodySchema,
  403: errorBodySchema,
  422: errorBodySchema,
  503: errorBodySchema,
};

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bookings } = app.services;
  const tags = ['bookings'];
  const security = [{ bearer: [] }];
  const auth = { preHandler: app.requireUser };

  app.get(
    '/bookings/quote',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Price of a size and duration at a site, with my plan applied',
        querystring: quoteQuerySchema,
        response: { 200: quoteSchema, ...moreErrors },
      },
    },
    (request) => bookings.quote(userOf(request).userId, request.query),
  );

  app.post(
    '/bookings',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary:
          'Book a locker: held 5 min for payment (answer carries `payment`), or waitlisted with offers',
        description:
          'Headers: `x-session-id` (this device, named in events as SessionID), `idempotency-key` (a replayed request answers the same booking).',
        body: createBookingBody,
        response: { 201: bookingSchema, ...moreErrors },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const booking = await bookings.create(
        callerOf(request),
        request.body,
        typeof key === 'string' && IDEMPOTENCY.test(key) ? key : undefined,
      );
      return reply.code(201).send(booking);
    },
  );

  app.get(
    '/bookings',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My bookings: recent (in progress or finished in the last 24 h) or past',
        querystring: listBookingsQuery,
        response: { 200: bookingListSchema, ...errorResponses },
      },
    },
    (request) => bookings.list(userOf(request).userId, request.query),
  );

  app.get(
    '/bookings/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'One of my bookings (with its PIN once reserved)',
        params: bookingParamsSchema,
        querystring: z.strictObject({ get_payment_detail: listBookingsQuery.shape.get_payment_detail }),
        response: { 200: bookingSchema, ...errorResponses },
      },
    },
    (request) => bookings.get(userOf(request).userId, request.params.id, request.query.get_payment_detail),
  );

  app.patch(
    '/bookings/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Move a scheduled booking to a later start while nothing is in the way',
        params: bookingParamsSchema,
        body: moveBookingBody,
        response: { 200: bookingSchema, ...moreErrors },
      },
    },
    (request) => bookings.move(callerOf(request), request.params.id, request.body.startAt),
  );

  app.get(
    '/bookings/:id/extend/quote',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Price of extending my booking by whole hours, with my plan applied (nothing is held)',
        params: bookingParamsSchema,
        querystring: extendQuoteQuery,
        response: { 200: quoteSchema, ...moreErrors },
      },
    },
    (request) => bookings.extensionQuote(userOf(request).userId, request.params.id, request.query.hours),
  );

  app.post(
    '/bookings/:id/extend',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary:
          'Extend by whole hours (72 h in all); priced and paid; refused if the locker is booked after',
        params: bookingParamsSchema,
        body: extendBookingBody,
        response: { 200: bookingSchema, ...moreErrors },
      },
    },
    (request) => bookings.extend(callerOf(request), request.params.id, request.body.hours),
  );

  app.post(
    '/bookings/:id/end',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'End an active booking (an expired one once its overstay is paid)',
        params: bookingParamsSchema,
        response: { 200: bookingSchema, ...moreErrors },
      },
    },
    (request) => bookings.end(callerOf(request), request.params.id),
  );

  app.post(
    '/bookings/:id/unlock',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Open the locker remotely; `unlockStatus` tells when the door opened',
        params: bookingParamsSchema,
        response: { 202: unlockAnswerSchema, ...moreErrors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await bookings.unlock(callerOf(request), request.params.id)),
  );

  app.post(
    '/bookings/:id/pin',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Renew the dynamic PIN (the old one stops working)',
        params: bookingParamsSchema,
        response: { 200: bookingSchema, ...moreErrors },
      },
    },
    (request) => bookings.renewPin(callerOf(request), request.params.id),
  );

  app.delete(
    '/bookings/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Cancel before first use; refund per policy (docs/lockers.md)',
        params: bookingParamsSchema,
        response: { 200: cancelAnswerSchema, ...moreErrors },
      },
    },
    (request) => bookings.cancel(callerOf(request), request.params.id),
  );
};

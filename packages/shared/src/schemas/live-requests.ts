import { z } from 'zod';

/**
 * What the app publishes on `users/{id}/requests` (docs/product.md#real-time-connection): requests kept in
 * the live client's offline buffer (5,000 messages, docs/product.md#real-time-connection) until the connection is back, then sent.
 * Each carries the access token of the connection that sends it: the server acts only for the user the
 * token names, whatever broker carried the message.
 */
const where = {
  bay: z.string().trim().min(1).max(40).optional(),
  landmark: z.string().trim().min(1).max(120).optional(),
};

/** The request itself, as the app queues it. */
export const liveRequestBody = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('curbsideOnMyWay'), orderId: z.string().min(1).max(100), ...where }),
  z.strictObject({ type: z.literal('curbsideArrived'), orderId: z.string().min(1).max(100), ...where }),
]);
export type LiveRequestBody = z.infer<typeof liveRequestBody>;

/** The envelope it travels in: an id (a retry is the same request), the sender's token and device session. */
export const liveRequestEnvelope = z.strictObject({
  requestId: z.string().min(8).max(64),
  token: z.string().min(1).max(4096),
  sessionId: z.string().min(1).max(100).nullable(),
  queuedAt: z.string().max(40),
  request: liveRequestBody,
});
export type LiveRequestEnvelope = z.infer<typeof liveRequestEnvelope>;

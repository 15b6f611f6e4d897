import type { FastifyInstance } from 'fastify';
import type { WebhookDeliver } from './webhooks.ts';

/**
 * Posts testpay's webhook to this server's own endpoint, as Razorpay posts to ours: over HTTP to
 * the listening port, or through `inject` when the app is not listening (tests) — either way the
 * request takes the whole route: raw body, signature check, replay check.
 */
export function selfDeliver(app: FastifyInstance, path: string): WebhookDeliver {
  return async (body, headers) => {
    const address = app.server.listening ? app.server.address() : null;
    if (address && typeof address === 'object') {
      const wildcard = address.address === '0.0.0.0' || address.address === '::';
      const v6 = address.family === 'IPv6';
      const host = wildcard ? (v6 ? '[::1]' : '127.0.0.1') : v6 ? `[${address.address}]` : address.address;
      const response = await fetch(`http://${host}:${address.port}${path}`, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      return response.status;
    }
    const response = await app.inject({ method: 'POST', url: path, headers, payload: body });
    return response.statusCode;
  };
}

import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** A browser's side of Web Push: its P-256 key pair and auth secret, as `PushSubscription.toJSON()` gives the keys. */
export function pushBrowser() {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}
export type PushBrowser = ReturnType<typeof pushBrowser>;

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A local push service (RFC 8030) for the tests: records each message it is sent, answers 201, or
 * 410 Gone for an endpoint under `/gone/` (a subscription the browser dropped).
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(path.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    endpoint: (path: string) => `${origin}/${path}`,
    /** The message as the browser reads it: decrypted with its private key and auth secret (RFC 8291). */
    open: (message: ReceivedPush, browser: PushBrowser): unknown =>
      JSON.parse(
        decrypt(message.body, {
          version: 'aes128gcm',
          privateKey: browser.ecdh,
          authSecret: browser.auth.toString('base64url'),
        }).toString('utf8'),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

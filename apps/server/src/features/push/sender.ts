import webpush from 'web-push';
import type { VapidKeys } from './vapid.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** `gone`: the push service says the subscription no longer exists (404/410), so it is dropped. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushOptions {
  ttlSeconds: number;
  urgency: 'normal' | 'high';
  /** Replaces an undelivered message with the same topic (one per notification). */
  topic: string;
}

/** The edge to the browsers' push services (RFC 8030). */
export interface PushSender {
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome>;
}

/**
 * The real protocol, to any push service: the payload encrypted for the browser's keys (RFC 8291,
 * aes128gcm) and the request signed with the VAPID key pair (RFC 8292), as the `web-push` library
 * builds them; sent with fetch, so a local push endpoint over plain HTTP works too (the tests' one).
 */
export function createWebPushSender(vapid: () => Promise<VapidKeys>, timeoutMs = 10_000): PushSender {
  return {
    async send(target, payload, options) {
      const keys = await vapid();
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: keys,
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          topic: options.topic,
          contentEncoding: 'aes128gcm',
        },
      );
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
      ) as Record<string, string>;
      try {
        const res = await fetch(request.endpoint, {
          method: request.method,
          headers,
          body: request.body ? new Uint8Array(request.body) : undefined,
          signal: AbortSignal.timeout(timeoutMs),
        });
        await res.body?.cancel();
        if (res.status === 404 || res.status === 410) return 'gone';
        return res.ok ? 'sent' : 'failed';
      } catch {
        return 'failed';
      }
    },
  };
}

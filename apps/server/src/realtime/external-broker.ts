import { reconnectWithBackoff } from '@petti/shared/node/mqtt-backoff';
import mqtt from 'mqtt';
import type { Logger } from 'pino';
import { encodePayload, type MessageHandler, type Realtime } from './realtime.ts';

/** Matches an MQTT topic against a filter with + and # wildcards (shared-subscription prefix removed). */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.replace(/^\$share\/[^/]+\//, '').split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

/**
 * Petti as a client of an external broker (Mosquitto, EMQX, a cloud IoT broker). That broker checks
 * browsers' and controllers' credentials itself; this side only publishes and listens.
 */
export async function createExternalBroker(options: {
  url: string;
  log: Logger;
  clientId?: string;
  credentials?: { username: string; password: string };
  /**
   * The shared-subscription group of this deployment's processes (MQTT_SHARE_GROUP): of what they
   * listen to with `local` (controllers' reports, apps' requests), each message reaches one of them.
   */
  shareGroup: string;
}): Promise<Realtime> {
  const { shareGroup } = options;
  // A user named in the URL wins; else Petti's own server credentials, which its broker hooks accept.
  const named = new URL(options.url).username !== '';
  const client = mqtt.connect(options.url, {
    ...(!named && options.credentials ? options.credentials : {}),
    clientId: options.clientId ?? `petti-server-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
    protocolVersion: 4,
    keepalive: 60,
    reconnectPeriod: 1000,
    connectTimeout: 5000,
  });
  // A broker that stays away is asked again less and less often: 1 s, 2 s, … up to 128 s.
  reconnectWithBackoff(client, 1000);
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => {
      client.end(true);
      reject(new Error(`Cannot reach the MQTT broker at ${options.url}: ${err.message}`));
    };
    const timer = setTimeout(() => onError(new Error('no answer within 5 s')), 5000);
    client.once('connect', () => {
      clearTimeout(timer);
      client.off('error', onError);
      resolve();
    });
    client.once('error', onError);
  });
  client.on('error', (err) => options.log.warn({ err }, 'MQTT broker connection error'));

  const handlers = new Map<string, Set<MessageHandler>>();
  client.on('message', (topic, payload) => {
    for (const [filter, set] of handlers) {
      if (!topicMatches(filter, topic)) continue;
      for (const handler of set) {
        Promise.resolve()
          .then(() => handler(topic, payload))
          .catch((err: unknown) => options.log.error({ err, topic }, 'message handler failed'));
      }
    }
  });

  return {
    mode: 'external',
    publish: async (topic, payload, opts = {}) => {
      await client.publishAsync(topic, encodePayload(payload), {
        qos: opts.qos ?? 1,
        retain: opts.retain ?? false,
      });
    },
    subscribe: async (topicFilter, handler, opts = {}) => {
      // Handled once per deployment: the broker hands each message to one process of the group.
      const filter = opts.local ? `$share/${shareGroup}/${topicFilter}` : topicFilter;
      let set = handlers.get(filter);
      if (!set) {
        set = new Set();
        handlers.set(filter, set);
        await client.subscribeAsync(filter, { qos: 1 });
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(filter);
          await client.unsubscribeAsync(filter);
        }
      };
    },
    attach: () => {},
    setAuth: () => {},
    status: () => ({ mode: 'external', connected: client.connected }),
    close: () => client.endAsync(),
  };
}

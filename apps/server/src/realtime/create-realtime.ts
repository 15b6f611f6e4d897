import type { Logger } from 'pino';
import { createEmbeddedBroker } from './embedded-broker.ts';
import { createExternalBroker } from './external-broker.ts';
import type { Realtime } from './realtime.ts';

export function createRealtime(options: {
  mqttUrl?: string;
  tcpPort: number;
  host?: string;
  log: Logger;
  /** How this process signs in to an external broker that asks Petti's hooks (unless the URL names a user). */
  credentials?: { username: string; password: string };
  /** The embedded broker shared by several processes through Redis. */
  redisUrl?: string;
  /** An external broker's shared-subscription group for this deployment's processes (MQTT_SHARE_GROUP). */
  shareGroup: string;
}): Promise<Realtime> {
  return options.mqttUrl
    ? createExternalBroker({
        url: options.mqttUrl,
        log: options.log,
        credentials: options.credentials,
        shareGroup: options.shareGroup,
      })
    : createEmbeddedBroker({
        tcpPort: options.tcpPort,
        host: options.host,
        log: options.log,
        redisUrl: options.redisUrl,
      });
}

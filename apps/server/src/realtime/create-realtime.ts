import type { Logger } from 'pino';
import { createEmbeddedBroker } from './embedded-broker.ts';
import { createExternalBroker } from './external-broker.ts';
import type { Realtime } from './realtime.ts';

export function createRealtime(options: {
  mqttUrl?: string;
  tcpPort: number;
  host?: string;
  log: Logger;
}): Promise<Realtime> {
  return options.mqttUrl
    ? createExternalBroker({ url: options.mqttUrl, log: options.log })
    : createEmbeddedBroker({ tcpPort: options.tcpPort, host: options.host, log: options.log });
}

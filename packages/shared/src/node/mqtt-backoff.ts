import { REALTIME } from '../constants.ts';

/** The part of an mqtt.js client the back-off needs. */
export interface ReconnectingClient {
  options: { reconnectPeriod?: number };
  on(event: 'connect' | 'close', listener: () => void): unknown;
}

/**
 * MQTT reconnection with back-off (docs/product.md#real-time-connection): after a connection drops the first retry comes at
 * `firstMs`, then each failed attempt doubles the wait, up to `REALTIME.backoffMaxSeconds` (128 s); a
 * successful connect starts again from `firstMs`. mqtt.js reads `reconnectPeriod` when it schedules a
 * retry, before this listener runs, so the first retry keeps the short wait.
 */
export function reconnectWithBackoff(
  client: ReconnectingClient,
  firstMs: number,
  maxMs: number = REALTIME.backoffMaxSeconds * 1000,
): void {
  client.options.reconnectPeriod = firstMs;
  client.on('connect', () => {
    client.options.reconnectPeriod = firstMs;
  });
  client.on('close', () => {
    client.options.reconnectPeriod = Math.min(maxMs, (client.options.reconnectPeriod ?? firstMs) * 2);
  });
}

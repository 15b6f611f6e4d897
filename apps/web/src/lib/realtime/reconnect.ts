import { REALTIME } from '@petti/shared/constants';

/**
 * The app's own reconnect policy (docs/product.md#real-time-connection): the first attempt 5 s after the
 * connection is disrupted, then one every 60 s, until it recovers. The MQTT client (mqtt-socket.ts) has no
 * reconnect of its own, so this is the only one.
 */
export interface Reconnector {
  /** The connection was disrupted: start trying (does nothing if already trying). */
  disrupted(): void;
  /** Connected again, or no longer wanted: stop trying. */
  stop(): void;
  /** Try again soon (the network came back): restart from the first, short wait. */
  restart(): void;
  readonly trying: boolean;
}

export function createReconnector(
  attempt: () => void,
  timers: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } = globalThis,
  firstMs: number = REALTIME.reconnectFirstMs,
  everyMs: number = REALTIME.reconnectEveryMs,
): Reconnector {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = (ms: number) => {
    timer = timers.setTimeout(() => {
      schedule(everyMs);
      attempt();
    }, ms);
  };
  const stop = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };
  return {
    disrupted() {
      if (timer === null) schedule(firstMs);
    },
    stop,
    restart() {
      stop();
      schedule(firstMs);
    },
    get trying() {
      return timer !== null;
    },
  };
}

/// <reference path="../types/aedes-persistence-redis.d.ts" />
import type { EventEmitter } from 'node:events';
import aedesPersistenceRedis from 'aedes-persistence-redis';
import { Redis } from 'ioredis';
import MQEmitterRedis from 'mqemitter-redis';
import type { Logger } from 'pino';
import { quietQuitRedis } from './quiet-quit-redis.ts';

/** What Aedes needs to share one broker across processes through Redis, and whether Redis is there. */
export interface RedisCluster {
  mq: ReturnType<typeof MQEmitterRedis>;
  persistence: unknown;
  /** Every connection to Redis is up: without them no live event reaches anyone, here or elsewhere. */
  ready(): boolean;
}

/**
 * The connection mqemitter-redis subscribes on, without ioredis's ready check: ioredis writes a
 * SUBSCRIBE made while it connects straight away, which puts the connection in subscriber mode before
 * its INFO ready check, and the check then fails and drops the connection (a process subscribing as it
 * starts, or as Redis comes back). The check only waits for Redis to load data from disk, which
 * pub/sub does not read.
 */
export const subscriberRedis = (url: string) => quietQuitRedis(url, { enableReadyCheck: false });

/**
 * The embedded broker's Redis side (docs/deploy.md#processes-and-the-database). Redis going away
 * must not end the process: mqemitter-redis re-emits connection errors on an emitter of its own,
 * where an 'error' nobody listens to is thrown, so this listens and logs once per outage. ioredis
 * reconnects and subscribes again by itself; meanwhile the process reports itself unready and
 * events wait in the outbox.
 */
export function redisCluster(url: string, log: Logger): RedisCluster {
  const sub = subscriberRedis(url);
  const pub = quietQuitRedis(url);
  const store = new Redis(url);
  const connections = [sub, pub, store];
  const ready = () => connections.every((c) => c.status === 'ready');
  let down = false;
  const onError = (err: unknown) => {
    if (down) return;
    down = true;
    log.warn({ err }, 'Redis is unreachable: live events wait until it is back');
  };
  for (const c of connections) {
    c.on('error', onError);
    c.on('ready', () => {
      if (down && ready()) {
        down = false;
        log.warn('Redis is reachable again');
      }
    });
  }
  const mq = MQEmitterRedis({ subConn: sub, pubConn: pub });
  (mq as unknown as { state: EventEmitter }).state.on('error', onError);
  return { mq, persistence: aedesPersistenceRedis({ conn: store }), ready };
}

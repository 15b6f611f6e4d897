declare module 'aedes-persistence-redis' {
  import type { Cluster, Redis } from 'ioredis';

  /** Aedes' persistence (retained messages, subscriptions, offline queues) in Redis. */
  export default function aedesPersistenceRedis(options?: {
    conn?: Redis | Cluster;
    maxSessionDelivery?: number;
    packetTTL?: (packet: unknown) => number;
  }): unknown;
}

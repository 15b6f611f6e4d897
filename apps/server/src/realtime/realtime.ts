import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Who a broker connection belongs to, once authenticated. */
export type Principal =
  | { kind: 'user'; userId: string; sessionId?: string; expiresAt?: number }
  | { kind: 'device'; siteId: string }
  | { kind: 'server' };

/**
 * How the embedded broker decides who may connect and which topics they may use.
 * The sign-in feature supplies the real rules; until then nobody is let in.
 */
export interface BrokerAuth {
  authenticate(input: { clientId: string; username?: string; password?: string }): Promise<Principal | null>;
  /** May answer later: a shop's topic asks the members table (docs/shops.md#live-updates). */
  canSubscribe(principal: Principal, topicFilter: string): boolean | Promise<boolean>;
  canPublish(principal: Principal, topic: string): boolean;
  /** The app's clock, to end connections whose token has expired (ms since the epoch). */
  now?(): number;
  /** Connections one user may hold at once (phones and tabs); more are refused. */
  maxConnectionsPerUser?: number;
}

export const denyAllBrokerAuth: BrokerAuth = {
  authenticate: async () => null,
  canSubscribe: () => false,
  canPublish: () => false,
};

export type MessageHandler = (topic: string, payload: Buffer) => void | Promise<void>;

/** The one way features publish and listen, the same with the embedded broker or an external one. */
export interface Realtime {
  readonly mode: 'embedded' | 'external';
  publish(topic: string, payload: unknown, options?: { qos?: 0 | 1; retain?: boolean }): Promise<void>;
  /**
   * Listen on a topic filter; returns an unsubscribe function. `local`: what one process of several
   * must handle once (controllers' reports, apps' requests): on the embedded broker shared through
   * Redis, only what connections to this process publish; on an external broker, a shared
   * subscription (`$share/{MQTT_SHARE_GROUP}/…`), so the broker hands each message to one process.
   */
  subscribe(
    topicFilter: string,
    handler: MessageHandler,
    options?: { local?: boolean },
  ): Promise<() => Promise<void>>;
  /** Embedded only: serve MQTT over WebSocket at /mqtt on the HTTP server. */
  attach(server: Server): void;
  setAuth(auth: BrokerAuth): void;
  /**
   * Embedded only: a new MQTT connection to this broker over an in-process stream (no port), for the
   * built-in locker simulator. It goes through the same authentication and topic rules as any client.
   */
  connectLocal?(): Duplex;
  /**
   * Embedded only: closes the open connections of these sign-in sessions (signed out, or everywhere);
   * answers how many were closed. An external broker checks tokens itself (docs/deploy.md).
   */
  endSessions?(sessionIds: readonly string[]): number;
  /**
   * Embedded only: closes every open connection of these users, on every process, so that what they
   * subscribed to is asked again when they reconnect (someone removed from a shop loses its topic);
   * answers how many this process closed.
   */
  dropUsers?(userIds: readonly string[]): number;
  /** Embedded only: closes user connections whose token has expired by now (also run every few seconds). */
  endExpired?(): number;
  status(): { mode: 'embedded' | 'external'; connected: boolean; clients?: number; tcpPort?: number | null };
  close(): Promise<void>;
}

export function encodePayload(payload: unknown): Buffer {
  if (Buffer.isBuffer(payload)) return payload;
  if (typeof payload === 'string') return Buffer.from(payload);
  return Buffer.from(JSON.stringify(payload));
}

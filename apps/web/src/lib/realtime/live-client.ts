import { REALTIME } from '@petti/shared/constants';
import { NO_AUTH_SESSION_CREDENTIALS, TOPICS } from '@petti/shared/events';
import type { LiveRequestBody, LiveRequestEnvelope } from '@petti/shared/schemas/live-requests';
import { createStore } from 'zustand/vanilla';
import { log } from '../log.ts';
import { type ConnectionFacts, type ConnectionState, deriveConnectionState } from './connection-state.ts';
import { type LiveEvent, parseLiveEvent } from './live-event.ts';
import type { OfflineBuffer } from './offline-buffer.ts';
import { createReconnector } from './reconnect.ts';

/**
 * The error's name (mqtt-socket.ts) and `lastError` when the broker accepted the connection but
 * refused the user's own topic.
 */
export const SUBSCRIBE_REFUSED = 'SubscribeRefused';

/**
 * One MQTT 3.1.1 connection over WebSocket to `/mqtt`, opened while someone is signed in, with the
 * access token as its password (the broker lets a user subscribe only under `users/{own id}/`).
 * The client (mqtt-socket.ts) never reconnects by itself: `reconnect.ts` follows
 * docs/product.md#real-time-connection: 5 s, then every 60 s.
 */

/** What this module needs of an MQTT client (mqtt-socket.ts; tests hand in a fake). */
export interface MqttLike {
  on(event: 'connect', cb: () => void): unknown;
  on(event: 'close' | 'offline', cb: () => void): unknown;
  on(event: 'error', cb: (error: Error) => void): unknown;
  on(event: 'message', cb: (topic: string, payload: Uint8Array) => void): unknown;
  on(event: 'packetsend' | 'packetreceive', cb: (packet: { cmd: string }) => void): unknown;
  /** `callback` hears the broker's SUBACK: an error when it refused the topic (mqtt-socket.ts). */
  subscribe(topic: string, options: { qos: 0 | 1 }, callback?: (error?: Error) => void): unknown;
  unsubscribe(topic: string): unknown;
  publish(topic: string, message: string, options: { qos: 1 }, callback: (error?: Error) => void): unknown;
  end(force?: boolean): unknown;
}

export interface MqttConnectOptions {
  clientId: string;
  username: string;
  password: string;
  /** Seconds between pings. */
  keepalive: number;
  /** Milliseconds to wait for the broker's answer to CONNECT. */
  connectTimeout: number;
  clean: boolean;
}

export interface LiveClientDeps {
  connect: (url: string, options: MqttConnectOptions) => Promise<MqttLike>;
  url: () => string;
  /**
   * The signed-in user and a fresh access token, or null when nobody is signed in. `renew`: the broker
   * refused the last token, so renew the session first (a signed-out session then ends here too).
   */
  credentials: (options?: { renew?: boolean }) => Promise<{ userId: string; token: string } | null>;
  isOnline: () => boolean;
  /**
   * How long this token may still carry the connection before it should be renewed (ms), or null. The
   * broker ends a connection when its token expires; the client reconnects with a fresh one just before.
   */
  msUntilRenewal?: (token: string) => number | null;
  timers?: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout };
  /** What the app publishes waits here until the broker acknowledges it (docs/product.md#real-time-connection). */
  buffer?: OfflineBuffer;
  /** Who is signed in on this device now (the buffer is per user), without asking the network. */
  currentUser?: () => string | null;
  /** This device's session id, so the events a request causes are known here as this device's own. */
  sessionId?: () => string | null;
}

/** A keep-alive ping unanswered this long marks the connection as pending keep-alive. */
const PING_GRACE_MS = 10_000;

export function createLiveClient(deps: LiveClientDeps) {
  const timers = deps.timers ?? globalThis;
  const facts = createStore<ConnectionFacts>(() => ({
    networkOnline: deps.isOnline(),
    connection: 'disconnected',
    intended: 'disconnected',
    keepAliveHealthy: true,
  }));
  const listeners = new Set<(event: LiveEvent) => void>();
  let client: MqttLike | null = null;
  let generation = 0;
  let pingTimer: ReturnType<typeof setTimeout> | null = null;
  let renewTimer: ReturnType<typeof setTimeout> | null = null;
  /** The broker refused our token (CONNACK 4 or 5): the next attempt renews the session first. */
  let refused = false;
  /** The connection that is up now, with the user and token it was opened with. */
  let up: { client: MqttLike; userId: string; token: string } | null = null;
  /** Buffered requests handed to the client on this connection and not yet acknowledged. */
  const inFlight = new Set<string>();
  /**
   * Topics beyond the user's own that a screen listens to while open (a shop's board), each with
   * who to tell when the broker refuses it (someone removed from the shop). Subscribed again on every
   * connection.
   */
  const watched = new Map<string, Set<(topic: string) => void>>();
  const subscribeWatched = (c: MqttLike, mine: number, topic: string) => {
    c.subscribe(topic, { qos: 1 }, (error) => {
      if (mine !== generation || error?.name !== SUBSCRIBE_REFUSED) return;
      // Refused is said where it matters (the screen that asked) and the rest of the connection stays.
      log.error(`live updates: the broker refused the subscription to ${topic}`);
      for (const refused of [...(watched.get(topic) ?? [])]) refused(topic);
    });
  };

  /**
   * Sends what the buffer holds for the connected user, oldest first; each leaves the buffer when the
   * broker acknowledges it (QoS 1). A lost connection leaves the rest for the next one.
   */
  const drain = () => {
    const buffer = deps.buffer;
    if (!buffer || !up) return;
    const { client: c, userId, token } = up;
    for (const item of buffer.items()) {
      if (item.userId !== userId) {
        buffer.remove(item.requestId); // left by someone who has since signed out here
        continue;
      }
      if (inFlight.has(item.requestId)) continue;
      inFlight.add(item.requestId);
      const envelope: LiveRequestEnvelope = {
        requestId: item.requestId,
        token,
        sessionId: deps.sessionId?.() ?? null,
        queuedAt: item.queuedAt,
        request: item.request,
      };
      c.publish(TOPICS.userRequests(userId), JSON.stringify(envelope), { qos: 1 }, (error) => {
        inFlight.delete(item.requestId);
        if (!error) buffer.remove(item.requestId);
      });
    }
  };

  const set = (patch: Partial<ConnectionFacts>) => facts.setState(patch);
  const reconnector = createReconnector(() => void open(), timers);

  const clearPing = () => {
    if (pingTimer !== null) timers.clearTimeout(pingTimer);
    pingTimer = null;
  };

  const close = () => {
    clearPing();
    if (renewTimer !== null) timers.clearTimeout(renewTimer);
    renewTimer = null;
    const old = client;
    client = null;
    up = null;
    inFlight.clear();
    generation++;
    old?.end(true);
  };

  async function open(): Promise<void> {
    close();
    const mine = generation;
    set({ connection: 'connecting' });
    const renew = refused;
    refused = false;
    const creds = await deps.credentials(renew ? { renew: true } : undefined).catch(() => null);
    if (mine !== generation || facts.getState().intended !== 'connected') return;
    if (!creds) {
      // No session, no live connection: said with the product's own words, and tried again later
      // (docs/product.md#real-time-connection).
      log.error(NO_AUTH_SESSION_CREDENTIALS);
      set({ connection: 'disconnected', lastError: NO_AUTH_SESSION_CREDENTIALS });
      reconnector.disrupted();
      return;
    }
    let next: MqttLike;
    try {
      next = await deps.connect(deps.url(), {
        // One per tab: two tabs with one client id would keep pushing each other off the broker.
        clientId: `web-${creds.userId.slice(0, 8)}-${crypto.randomUUID().slice(0, 8)}`,
        username: creds.userId,
        password: creds.token,
        keepalive: REALTIME.keepAliveSeconds,
        connectTimeout: 30_000,
        clean: true,
      });
    } catch {
      if (mine !== generation) return;
      set({ connection: 'disconnected' });
      reconnector.disrupted();
      return;
    }
    if (mine !== generation) {
      next.end(true);
      return;
    }
    client = next;
    next.on('connect', () => {
      if (mine !== generation) return;
      reconnector.stop();
      set({ connection: 'connected', keepAliveHealthy: true, lastError: undefined });
      const topic = TOPICS.userEvents(creds.userId);
      next.subscribe(topic, { qos: 1 }, (error) => {
        // Only a refusal: a connection that closed before its SUBACK is handled by 'close'.
        if (mine !== generation || error?.name !== SUBSCRIBE_REFUSED) return;
        // Connected but deaf: nothing the app is told would arrive. Said as such, and tried again
        // with a renewed session, since a broker refuses a user's own topic to a token it no longer
        // takes for that user.
        log.error(`live updates: the broker refused the subscription to ${topic}`);
        refused = true;
        close();
        set({ connection: 'disconnected', keepAliveHealthy: true, lastError: SUBSCRIBE_REFUSED });
        if (facts.getState().intended === 'connected') reconnector.disrupted();
      });
      for (const extra of watched.keys()) subscribeWatched(next, mine, extra);
      up = { client: next, userId: creds.userId, token: creds.token };
      drain();
      // Before the broker ends this connection at the token's expiry, open a new one with a fresh token.
      const left = deps.msUntilRenewal?.(creds.token);
      if (left !== null && left !== undefined) {
        renewTimer = timers.setTimeout(
          () => {
            renewTimer = null;
            if (mine === generation && facts.getState().intended === 'connected') void open();
          },
          Math.max(5_000, left),
        );
      }
    });
    next.on('close', () => {
      if (mine !== generation) return;
      up = null;
      inFlight.clear();
      clearPing();
      set({ connection: 'disconnected', keepAliveHealthy: true });
      if (facts.getState().intended === 'connected') reconnector.disrupted();
    });
    next.on('error', (error) => {
      // A refused connect or a broken socket: 'close' follows and handles it. Refused as "bad user name
      // or password" / "not authorized", the token is no good (signed out elsewhere, or expired).
      const code = (error as { code?: unknown }).code;
      if (code === 4 || code === 5) refused = true;
    });
    next.on('packetsend', (packet) => {
      if (packet.cmd !== 'pingreq' || pingTimer !== null) return;
      pingTimer = timers.setTimeout(() => {
        pingTimer = null;
        if (mine === generation) set({ keepAliveHealthy: false });
      }, PING_GRACE_MS);
    });
    next.on('packetreceive', (packet) => {
      if (packet.cmd !== 'pingresp') return;
      clearPing();
      set({ keepAliveHealthy: true });
    });
    next.on('message', (_topic, payload) => {
      const event = parseLiveEvent(new TextDecoder().decode(payload));
      if (!event) return;
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch {
          // One listener's failure must not stop the others.
        }
      }
    });
  }

  return {
    /** Signed in: connect (again, with this user's token). */
    start() {
      set({ intended: 'connected' });
      reconnector.stop();
      void open();
    },
    /** Signed out: close and stay closed. */
    stop() {
      set({ intended: 'disconnected' });
      reconnector.stop();
      close();
      set({ connection: 'disconnected' });
    },
    setNetworkOnline(online: boolean) {
      set({ networkOnline: online });
      // Back online while disrupted: the next attempt comes after the short wait again.
      if (
        online &&
        facts.getState().intended === 'connected' &&
        facts.getState().connection === 'disconnected'
      ) {
        reconnector.restart();
      }
    },
    /**
     * Publishes a request for the signed-in user: sent now when connected, else kept in the offline buffer
     * and sent as soon as the connection is back. Answers false when nobody is signed in (nothing kept).
     */
    request(body: LiveRequestBody): boolean {
      const userId = up?.userId ?? deps.currentUser?.() ?? null;
      if (!deps.buffer || !userId) return false;
      deps.buffer.push(userId, body);
      drain();
      return true;
    },
    /** Forgets everything waiting to be sent (signed out on this device). */
    clearBuffer(): void {
      deps.buffer?.clear();
    },
    /**
     * Listens to one more topic while the caller needs it (a shop's board topic, which the broker
     * grants only to the shop's members), now and on every reconnection; events on it reach the same
     * listeners as the user's own. `onRefused` hears a refusal. Answers the way to stop.
     */
    watch(topic: string, onRefused?: (topic: string) => void): () => void {
      const refusedHere = (t: string) => onRefused?.(t);
      const first = !watched.has(topic);
      const all = watched.get(topic) ?? new Set();
      all.add(refusedHere);
      watched.set(topic, all);
      if (first && up) subscribeWatched(up.client, generation, topic);
      return () => {
        all.delete(refusedHere);
        if (all.size > 0 || watched.get(topic) !== all) return;
        watched.delete(topic);
        up?.client.unsubscribe(topic);
      };
    },
    subscribe(listener: (event: LiveEvent) => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    facts,
    state: (): ConnectionState => deriveConnectionState(facts.getState()),
  };
}

export type LiveClient = ReturnType<typeof createLiveClient>;

import type { Server } from 'node:http';
import { createServer, type Server as NetServer } from 'node:net';
import { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Logger } from 'pino';
import { createWebSocketStream, WebSocketServer } from 'ws';
import {
  type BrokerAuth,
  denyAllBrokerAuth,
  encodePayload,
  type MessageHandler,
  type Principal,
  type Realtime,
} from './realtime.ts';
import { redisCluster } from './redis-cluster.ts';

const principals = new WeakMap<object, Principal>();

/** Two connected in-memory streams: what one side writes, the other reads. */
function duplexPair(): [Duplex, Duplex] {
  const sides: Duplex[] = [];
  const make = (other: () => Duplex) =>
    new Duplex({
      read() {},
      write(chunk, _encoding, callback) {
        other().push(chunk);
        callback();
      },
      final(callback) {
        other().push(null);
        callback();
      },
      destroy(err, callback) {
        const o = other();
        if (!o.destroyed) o.destroy();
        callback(err);
      },
    });
  sides.push(
    make(() => sides[1]!),
    make(() => sides[0]!),
  );
  return [sides[0]!, sides[1]!];
}

function refusal(code: 4 | 5, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;
}

/** Where the processes of one deployment tell each other which sign-in sessions ended. */
const SESSIONS_ENDED = '$petti/sessions-ended';
/** …and whose connections must be dropped (someone lost a topic they were let into, e.g. a shop's). */
const USERS_DROPPED = '$petti/users-dropped';
/**
 * Where a publish nobody may make goes instead: acknowledged as MQTT 3.1.1 lets a server drop one it
 * does not authorise (MQTT-3.3.5-2), and heard by no one (no client may subscribe under `$petti/`,
 * and no server listener does). The connection stays, so a controller's slip never costs its reports.
 */
const REFUSED_PUBLISH = '$petti/refused-publish';

/** The WebSocket subprotocols of MQTT: `mqtt` (3.1.1), `mqttv3.1` (3.1). */
const MQTT_SUBPROTOCOLS = ['mqtt', 'mqttv3.1'];

export async function createEmbeddedBroker(options: {
  tcpPort: number;
  host?: string;
  log: Logger;
  /**
   * Several processes, one broker (docs/deploy.md#several-processes): messages and retained state go
   * through Redis (mqemitter-redis, aedes-persistence-redis), so a browser on one process hears what
   * another publishes and a controller may connect to any.
   */
  redisUrl?: string;
}): Promise<Realtime> {
  let auth: BrokerAuth = denyAllBrokerAuth;
  /** Open connections by sign-in session, so signing out closes them at once. */
  const bySession = new Map<string, Set<Client>>();
  /** By user (a cap on how many) and by client id (nobody takes over another's). */
  const byUser = new Map<string, Set<Client>>();
  const connected = new Map<string, Client>();
  const samePrincipal = (a: Principal | undefined, b: Principal) =>
    !!a &&
    a.kind === b.kind &&
    (a.kind !== 'user' || (b.kind === 'user' && a.userId === b.userId)) &&
    (a.kind !== 'device' || (b.kind === 'device' && a.siteId === b.siteId));
  /** Ends user connections whose token has expired by the app's clock. */
  const endExpired = () => {
    const now = auth.now?.() ?? Date.now();
    let closed = 0;
    for (const clients of byUser.values()) {
      for (const c of clients) {
        const p = principals.get(c);
        if (p?.kind === 'user' && p.expiresAt !== undefined && p.expiresAt <= now) {
          c.close();
          closed += 1;
        }
      }
    }
    return closed;
  };
  const expirySweep = setInterval(endExpired, 10_000);
  expirySweep.unref();
  const cluster = options.redisUrl ? redisCluster(options.redisUrl, options.log) : null;
  const broker = await Aedes.createBroker({
    ...(cluster ? { mq: cluster.mq, persistence: cluster.persistence } : {}),
    authenticate: (client, username, password, done) => {
      auth
        .authenticate({
          clientId: client.id,
          username: username ?? undefined,
          password: password?.toString('utf8'),
        })
        .then((principal) => {
          if (!principal) return done(refusal(4, 'bad user name or password'), false);
          // A client id names one connection: reusing another's (to push it off) is refused; the same
          // user reconnecting under its own id takes its place, as MQTT says.
          const holder = connected.get(client.id);
          if (holder && holder !== client && !samePrincipal(principals.get(holder), principal)) {
            return done(refusal(5, 'not authorized'), false);
          }
          if (principal.kind === 'user') {
            const cap = auth.maxConnectionsPerUser ?? Number.POSITIVE_INFINITY;
            // Closed ones are not counted, should a disconnect ever go unreported.
            const mine = [...(byUser.get(principal.userId) ?? [])].filter(
              (c) => c.id !== client.id && !(c as Client & { closed?: boolean }).closed,
            );
            if (mine.length >= cap) return done(refusal(5, 'not authorized'), false);
          }
          principals.set(client, principal);
          connected.set(client.id, client);
          if (principal.kind === 'user') {
            const all = byUser.get(principal.userId) ?? new Set();
            all.add(client);
            byUser.set(principal.userId, all);
          }
          if (principal.kind === 'user' && principal.sessionId) {
            const mine = bySession.get(principal.sessionId) ?? new Set();
            mine.add(client);
            bySession.set(principal.sessionId, mine);
          }
          done(null, true);
        })
        .catch((err: unknown) => {
          options.log.error({ err }, 'broker authentication failed');
          done(refusal(4, 'bad user name or password'), false);
        });
    },
    authorizeSubscribe: (client, sub, done) => {
      const principal = principals.get(client);
      // Answering null refuses this one subscription (granted 128) and keeps the connection.
      if (!principal) return done(null, null);
      Promise.resolve(auth.canSubscribe(principal, sub.topic))
        .then((allowed) => done(null, allowed ? sub : null))
        .catch((err: unknown) => {
          options.log.error({ err, topic: sub.topic }, 'broker subscription check failed');
          done(null, null);
        });
    },
    authorizePublish: (client, packet, done) => {
      const principal = client ? principals.get(client) : { kind: 'server' as const };
      if (principal && auth.canPublish(principal, packet.topic)) return done(null);
      // The documented way to change a publish on its way in (aedes' authorizePublish): dropped.
      packet.topic = REFUSED_PUBLISH;
      packet.retain = false;
      done(null);
    },
  });

  broker.on('clientDisconnect', (client) => {
    if (connected.get(client.id) === client) connected.delete(client.id);
    const principal = principals.get(client);
    if (principal?.kind === 'user') {
      const all = byUser.get(principal.userId);
      all?.delete(client);
      if (all && all.size === 0) byUser.delete(principal.userId);
    }
    if (principal?.kind !== 'user' || !principal.sessionId) return;
    const mine = bySession.get(principal.sessionId);
    mine?.delete(client);
    if (mine && mine.size === 0) bySession.delete(principal.sessionId);
  });

  /** Closes this process's connections of these sign-in sessions; answers how many. */
  const closeSessions = (sessionIds: readonly string[]) => {
    let closed = 0;
    for (const id of sessionIds) {
      for (const client of bySession.get(id) ?? []) {
        client.close();
        closed += 1;
      }
      bySession.delete(id);
    }
    return closed;
  };
  /** Closes this process's connections of these users (they reconnect, and are asked again). */
  const closeUsers = (userIds: readonly string[]) => {
    let closed = 0;
    for (const id of userIds) {
      for (const client of byUser.get(id) ?? []) {
        client.close();
        closed += 1;
      }
    }
    return closed;
  };
  /** Hears the other processes' lists of ids on `topic` and closes what this one holds of them. */
  const listenAcross = (topic: string, close: (ids: string[]) => unknown) =>
    new Promise<void>((resolve) =>
      broker.subscribe(
        topic,
        (packet: { payload: Buffer | string; brokerId?: string }, cb: () => void) => {
          if (packet.brokerId !== broker.id) {
            try {
              const ids: unknown = JSON.parse(Buffer.from(packet.payload).toString());
              if (Array.isArray(ids)) close(ids.filter((x): x is string => typeof x === 'string'));
            } catch {
              // not ours
            }
          }
          cb();
        },
        resolve,
      ),
    );
  /** Tells the other processes (a no-op without Redis: there are none). */
  const tellAcross = (topic: string, ids: readonly string[]) => {
    if (!cluster) return;
    broker.publish(
      { cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(ids)), qos: 0, retain: false, dup: false },
      () => {},
    );
  };
  if (cluster) {
    await listenAcross(SESSIONS_ENDED, closeSessions);
    await listenAcross(USERS_DROPPED, closeUsers);
  }

  let wss: WebSocketServer | null = null;
  let tcp: NetServer | null = null;
  let tcpPort: number | null = null;
  if (options.tcpPort > 0) {
    tcp = createServer(broker.handle);
    await new Promise<void>((resolve, reject) => {
      tcp!.once('error', reject);
      tcp!.listen(options.tcpPort, options.host, () => resolve());
    }).catch((err: NodeJS.ErrnoException) => {
      throw new Error(
        `MQTT TCP port ${options.tcpPort} is not available (${err.code ?? err.message}); set MQTT_TCP_PORT`,
      );
    });
    const addr = tcp.address();
    tcpPort = typeof addr === 'object' && addr ? addr.port : options.tcpPort;
  }

  return {
    mode: 'embedded',
    publish: (topic, payload, opts = {}) =>
      new Promise((resolve, reject) => {
        broker.publish(
          {
            cmd: 'publish',
            topic,
            payload: encodePayload(payload),
            qos: opts.qos ?? 1,
            retain: opts.retain ?? false,
            dup: false,
          },
          (err) => (err ? reject(err) : resolve()),
        );
      }),
    subscribe: async (topicFilter: string, handler: MessageHandler, subscribeOptions = {}) => {
      const deliver = (
        packet: { topic: string; payload: Buffer | string; brokerId?: string },
        cb: () => void,
      ) => {
        // With several processes, what a connection to another process published is that process's to handle.
        if (subscribeOptions.local && packet.brokerId && packet.brokerId !== broker.id) return cb();
        Promise.resolve()
          .then(() => handler(packet.topic, Buffer.from(packet.payload)))
          .catch((err: unknown) => options.log.error({ err, topic: packet.topic }, 'message handler failed'))
          .finally(cb);
      };
      await new Promise<void>((resolve) => broker.subscribe(topicFilter, deliver, resolve));
      return () => new Promise<void>((resolve) => broker.unsubscribe(topicFilter, deliver, resolve));
    },
    attach: (server: Server) => {
      wss = new WebSocketServer({
        server,
        path: '/mqtt',
        // Only MQTT's own subprotocol is chosen; a client that offers others alone is refused below.
        handleProtocols: (offered) => MQTT_SUBPROTOCOLS.find((p) => offered.has(p)) ?? false,
      });
      wss.on('connection', (socket, req) => {
        if (req.headers['sec-websocket-protocol'] && !MQTT_SUBPROTOCOLS.includes(socket.protocol)) {
          socket.close(1002, 'MQTT over WebSocket speaks the "mqtt" subprotocol');
          return;
        }
        const stream = createWebSocketStream(socket);
        stream.on('error', () => socket.terminate());
        broker.handle(stream, req);
      });
    },
    setAuth: (next) => {
      auth = next;
    },
    endExpired,
    endSessions: (sessionIds) => {
      const closed = closeSessions(sessionIds);
      tellAcross(SESSIONS_ENDED, sessionIds);
      return closed;
    },
    dropUsers: (userIds) => {
      const closed = closeUsers(userIds);
      tellAcross(USERS_DROPPED, userIds);
      return closed;
    },
    connectLocal: () => {
      const [client, server] = duplexPair();
      server.on('error', () => server.destroy());
      broker.handle(server as never);
      return client;
    },
    status: () => ({
      mode: 'embedded',
      connected: !broker.closed && (cluster?.ready() ?? true),
      clients: broker.connectedClients,
      tcpPort,
    }),
    close: async () => {
      clearInterval(expirySweep);
      for (const client of wss?.clients ?? []) client.terminate();
      await new Promise<void>((resolve) => (wss ? wss.close(() => resolve()) : resolve()));
      await new Promise<void>((resolve) => (tcp ? tcp.close(() => resolve()) : resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

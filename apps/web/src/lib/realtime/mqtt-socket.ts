import { type MqttConnectOptions, type MqttLike, SUBSCRIBE_REFUSED } from './live-client.ts';
import {
  connectPacket,
  createPacketReader,
  disconnectPacket,
  type Incoming,
  pingreqPacket,
  pubackPacket,
  publishPacket,
  SUBACK_FAILURE,
  subscribePacket,
  unsubscribePacket,
} from './mqtt-packets.ts';

type Listener = (...args: never[]) => void;

/** What the client needs of the browser's WebSocket (tests hand in a fake). */
export interface SocketLike {
  binaryType: string;
  readyState: number;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
  send(data: Uint8Array): void;
  close(): void;
}

export interface MqttSocketDeps {
  openSocket?: (url: string) => SocketLike;
  timers?: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout };
}

const OPEN = 1;

/** A refused CONNECT: `code` is the CONNACK return code (4 and 5: the token was refused). */
export class ConnectRefused extends Error {
  constructor(readonly code: number) {
    super(`Connection refused: ${code}`);
  }
}

/** The broker answered SUBSCRIBE with a failure (return code 0x80): no message on `topic` will come. */
export class SubscribeRefused extends Error {
  constructor(readonly topic: string) {
    super(`Subscription refused: ${topic}`);
    this.name = SUBSCRIBE_REFUSED;
  }
}

/**
 * The app's MQTT 3.1.1 client over a WebSocket (subprotocol `mqtt`), speaking the packets in
 * mqtt-packets.ts and shaped like the part of mqtt.js that live-client.ts uses: the same events
 * (`connect`, `close`, `error` with the refusal's `code`, `message`, `packetsend`/`packetreceive` for
 * pings), QoS 1 publishes acknowledged through their callback, and no reconnecting of its own
 * (reconnect.ts decides when). A keep-alive ping left unanswered until the next one is due closes the
 * connection, as mqtt.js does.
 */
export function connectMqtt(url: string, options: MqttConnectOptions, deps: MqttSocketDeps = {}): MqttLike {
  const timers = deps.timers ?? globalThis;
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, ...args: unknown[]) => {
    for (const fn of listeners.get(event) ?? []) (fn as (...a: unknown[]) => void)(...args);
  };
  const acks = new Map<number, (error?: Error) => void>();
  /** Subscriptions waiting for their SUBACK, by packet id. */
  const subacks = new Map<number, { topic: string; callback?: (error?: Error) => void }>();
  let nextId = 1;
  const packetId = () => {
    const id = nextId;
    nextId = nextId >= 0xffff ? 1 : nextId + 1;
    return id;
  };
  let connected = false;
  let closed = false;
  let pingOutstanding = false;
  let keepAlive: ReturnType<typeof setTimeout> | null = null;
  let connectTimer: ReturnType<typeof setTimeout> | null = null;

  const socket = (deps.openSocket ?? ((u) => new WebSocket(u, 'mqtt') as unknown as SocketLike))(url);
  socket.binaryType = 'arraybuffer';
  const send = (bytes: Uint8Array, cmd: string) => {
    if (socket.readyState !== OPEN) return false;
    socket.send(bytes);
    emit('packetsend', { cmd });
    return true;
  };

  const stopTimers = () => {
    if (keepAlive !== null) timers.clearTimeout(keepAlive);
    if (connectTimer !== null) timers.clearTimeout(connectTimer);
    keepAlive = null;
    connectTimer = null;
  };
  const scheduleKeepAlive = () => {
    if (options.keepalive <= 0) return;
    keepAlive = timers.setTimeout(() => {
      keepAlive = null;
      if (pingOutstanding) {
        // The broker did not answer the last ping within a whole keep-alive period: the line is dead.
        shutDown();
        return;
      }
      pingOutstanding = true;
      send(pingreqPacket(), 'pingreq');
      scheduleKeepAlive();
    }, options.keepalive * 1000);
  };
  const shutDown = () => {
    stopTimers();
    try {
      socket.close();
    } catch {
      // Already closing.
    }
    finish();
  };
  /** Once, whichever way the connection ended: pending publishes fail, listeners hear `close`. */
  const finish = () => {
    if (closed) return;
    closed = true;
    connected = false;
    stopTimers();
    for (const [id, cb] of acks) {
      acks.delete(id);
      cb(new Error('Connection closed'));
    }
    for (const [id, { callback }] of subacks) {
      subacks.delete(id);
      callback?.(new Error('Connection closed'));
    }
    emit('close');
  };

  const handle = (p: Incoming) => {
    emit('packetreceive', { cmd: p.type });
    if (p.type === 'connack') {
      if (connectTimer !== null) timers.clearTimeout(connectTimer);
      connectTimer = null;
      if (p.returnCode !== 0) {
        emit('error', new ConnectRefused(p.returnCode));
        shutDown();
        return;
      }
      connected = true;
      scheduleKeepAlive();
      emit('connect');
    } else if (p.type === 'publish') {
      if (p.qos === 1 && p.id !== null) send(pubackPacket(p.id), 'puback');
      emit('message', p.topic, p.payload);
    } else if (p.type === 'puback') {
      const cb = acks.get(p.id);
      acks.delete(p.id);
      cb?.();
    } else if (p.type === 'suback') {
      const waiting = subacks.get(p.id);
      subacks.delete(p.id);
      if (!waiting) return;
      const refused = p.granted.length === 0 || p.granted.includes(SUBACK_FAILURE);
      waiting.callback?.(refused ? new SubscribeRefused(waiting.topic) : undefined);
    } else if (p.type === 'pingresp') {
      pingOutstanding = false;
    }
  };

  const readPackets = createPacketReader();
  socket.onopen = () => {
    send(
      connectPacket({
        clientId: options.clientId,
        username: options.username,
        password: options.password,
        keepaliveSeconds: options.keepalive,
        clean: options.clean,
      }),
      'connect',
    );
  };
  socket.onmessage = (event) => {
    const data = event.data;
    const bytes =
      data instanceof ArrayBuffer
        ? new Uint8Array(data)
        : ArrayBuffer.isView(data)
          ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
          : null;
    if (!bytes) return;
    try {
      for (const p of readPackets(bytes)) handle(p);
    } catch (error) {
      emit('error', error instanceof Error ? error : new Error(String(error)));
      shutDown();
    }
  };
  socket.onerror = () => emit('error', new Error('WebSocket error'));
  socket.onclose = () => finish();
  connectTimer = timers.setTimeout(() => {
    connectTimer = null;
    if (connected || closed) return;
    emit('error', new Error('connack timeout'));
    shutDown();
  }, options.connectTimeout);

  const client: MqttLike = {
    on(event: string, cb: Listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(cb);
      listeners.set(event, set);
      return client;
    },
    subscribe(topic, opts, callback) {
      const id = packetId();
      subacks.set(id, { topic, callback });
      if (!send(subscribePacket(id, topic, opts.qos), 'subscribe')) {
        subacks.delete(id);
        callback?.(new Error('Not connected'));
      }
      return client;
    },
    unsubscribe(topic) {
      send(unsubscribePacket(packetId(), topic), 'unsubscribe');
      return client;
    },
    publish(topic, message, _opts, callback) {
      const id = packetId();
      acks.set(id, callback);
      if (!connected || !send(publishPacket(id, topic, message), 'publish')) {
        acks.delete(id);
        callback(new Error('Not connected'));
      }
      return client;
    },
    end() {
      // Said goodbye, so the broker drops the session at once rather than at its keep-alive's end.
      if (connected) send(disconnectPacket(), 'disconnect');
      shutDown();
      return client;
    },
  } as MqttLike;
  return client;
}

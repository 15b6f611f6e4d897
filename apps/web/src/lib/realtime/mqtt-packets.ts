/**
 * The few MQTT 3.1.1 packets the app's live connection uses, written and read byte for byte as the
 * standard gives them (OASIS MQTT 3.1.1, section 2 and 3). The app only ever connects, subscribes to
 * its own topic (and a shop's board while it is open) and unsubscribes, publishes QoS 1 requests,
 * acknowledges what it receives and pings; mqtt.js carries
 * every other packet and option of both protocol versions, at about 80 KB compressed on every
 * signed-in first screen (docs/performance.md#first-screen-javascript-budgets).
 */

export const PACKET = {
  connect: 1,
  connack: 2,
  publish: 3,
  puback: 4,
  subscribe: 8,
  suback: 9,
  unsubscribe: 10,
  pingreq: 12,
  pingresp: 13,
  disconnect: 14,
} as const;

/** A SUBACK's return code for a topic the broker would not subscribe to (3.9.3). */
export const SUBACK_FAILURE = 0x80;

const utf8 = new TextEncoder();

/** A UTF-8 string with its two-byte length in front. */
function str(s: string): Uint8Array {
  const bytes = utf8.encode(s);
  if (bytes.length > 0xffff) throw new Error('MQTT string too long');
  return concat([u16(bytes.length), bytes]);
}
const u16 = (n: number) => new Uint8Array([(n >> 8) & 0xff, n & 0xff]);

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The remaining length: seven bits a byte, the high bit saying another follows (at most four). */
function remainingLength(n: number): Uint8Array {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return new Uint8Array(out);
}

function packet(type: number, flags: number, body: Uint8Array[]): Uint8Array {
  const rest = concat(body);
  return concat([new Uint8Array([(type << 4) | flags]), remainingLength(rest.length), rest]);
}

export interface ConnectFields {
  clientId: string;
  username: string;
  password: string;
  keepaliveSeconds: number;
  clean: boolean;
}

export function connectPacket(f: ConnectFields): Uint8Array {
  // User name, password, clean session.
  const flags = 0x80 | 0x40 | (f.clean ? 0x02 : 0);
  return packet(PACKET.connect, 0, [
    str('MQTT'),
    new Uint8Array([4, flags]),
    u16(f.keepaliveSeconds),
    str(f.clientId),
    str(f.username),
    str(f.password),
  ]);
}

export const subscribePacket = (id: number, topic: string, qos: 0 | 1) =>
  // SUBSCRIBE's fixed header flags are 0010 by the standard.
  packet(PACKET.subscribe, 0b0010, [u16(id), str(topic), new Uint8Array([qos])]);

export const unsubscribePacket = (id: number, topic: string) =>
  // UNSUBSCRIBE's fixed header flags are 0010 too (3.10.1); its UNSUBACK carries nothing to act on.
  packet(PACKET.unsubscribe, 0b0010, [u16(id), str(topic)]);

/** A QoS 1 PUBLISH (not a duplicate, not retained). */
export const publishPacket = (id: number, topic: string, payload: string) =>
  packet(PACKET.publish, 0b0010, [str(topic), u16(id), utf8.encode(payload)]);

export const pubackPacket = (id: number) => packet(PACKET.puback, 0, [u16(id)]);
export const pingreqPacket = () => packet(PACKET.pingreq, 0, []);
export const disconnectPacket = () => packet(PACKET.disconnect, 0, []);

export type Incoming =
  | { type: 'connack'; returnCode: number }
  | { type: 'publish'; topic: string; payload: Uint8Array; qos: number; id: number | null }
  | { type: 'puback'; id: number }
  /** `granted`: one return code per topic asked for, `SUBACK_FAILURE` where the broker refused it. */
  | { type: 'suback'; id: number; granted: number[] }
  | { type: 'pingresp' }
  | { type: 'other'; packetType: number };

const utf8Decoder = new TextDecoder();

function read(type: number, flags: number, body: Uint8Array): Incoming {
  const id16 = (at: number) => (body[at]! << 8) | body[at + 1]!;
  switch (type) {
    case PACKET.connack:
      return { type: 'connack', returnCode: body[1] ?? 255 };
    case PACKET.publish: {
      const qos = (flags >> 1) & 0b11;
      const topicLength = id16(0);
      const topic = utf8Decoder.decode(body.subarray(2, 2 + topicLength));
      let at = 2 + topicLength;
      let id: number | null = null;
      if (qos > 0) {
        id = id16(at);
        at += 2;
      }
      return { type: 'publish', topic, payload: body.slice(at), qos, id };
    }
    case PACKET.puback:
      return { type: 'puback', id: id16(0) };
    case PACKET.suback:
      return { type: 'suback', id: id16(0), granted: Array.from(body.subarray(2)) };
    case PACKET.pingresp:
      return { type: 'pingresp' };
    default:
      return { type: 'other', packetType: type };
  }
}

/**
 * Cuts a byte stream into packets: a WebSocket message may hold several packets, or part of one. Feed
 * it what arrives; it answers the whole packets so far and keeps the rest.
 */
export function createPacketReader() {
  let pending: Uint8Array = new Uint8Array(0);
  return (chunk: Uint8Array): Incoming[] => {
    pending = pending.length ? concat([pending, chunk]) : chunk;
    const out: Incoming[] = [];
    for (;;) {
      if (pending.length < 2) break;
      let length = 0;
      let multiplier = 1;
      let at = 1;
      let complete = false;
      for (; at < Math.min(pending.length, 5); at++) {
        const byte = pending[at]!;
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        if ((byte & 0x80) === 0) {
          complete = true;
          at++;
          break;
        }
      }
      if (!complete) {
        if (pending.length >= 5) throw new Error('MQTT remaining length is malformed');
        break;
      }
      if (pending.length < at + length) break;
      const first = pending[0]!;
      out.push(read(first >> 4, first & 0x0f, pending.subarray(at, at + length)));
      pending = pending.slice(at + length);
    }
    return out;
  };
}

import mqttPacket from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import {
  connectPacket,
  createPacketReader,
  disconnectPacket,
  pingreqPacket,
  pubackPacket,
  publishPacket,
  subscribePacket,
  unsubscribePacket,
} from './mqtt-packets.ts';

/** mqtt-packet (the codec under mqtt.js and aedes, the broker) as the reference for every byte. */
const reference = (packet: Record<string, unknown>) =>
  new Uint8Array(mqttPacket.generate(packet as unknown as mqttPacket.Packet, { protocolVersion: 4 }));

describe('MQTT 3.1.1 packets the app writes', () => {
  it('writes CONNECT as the reference codec does, with user name, password and clean session', () => {
    expect(
      connectPacket({
        clientId: 'web-ab12cd34-ef56',
        username: 'user-1',
        password: 'eyJhbGciOi.token.sig',
        keepaliveSeconds: 30,
        clean: true,
      }),
    ).toEqual(
      reference({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clean: true,
        clientId: 'web-ab12cd34-ef56',
        keepalive: 30,
        username: 'user-1',
        password: Buffer.from('eyJhbGciOi.token.sig'),
      }),
    );
  });

  it('writes SUBSCRIBE, UNSUBSCRIBE, a QoS 1 PUBLISH, PUBACK, PINGREQ and DISCONNECT as the reference does', () => {
    expect(subscribePacket(7, 'users/u-1/events', 1)).toEqual(
      reference({ cmd: 'subscribe', messageId: 7, subscriptions: [{ topic: 'users/u-1/events', qos: 1 }] }),
    );
    expect(unsubscribePacket(300, 'shops/sri-murugan-stores/events')).toEqual(
      reference({ cmd: 'unsubscribe', messageId: 300, unsubscriptions: ['shops/sri-murugan-stores/events'] }),
    );
    const payload = JSON.stringify({ request: 'அரிசி', n: 'x'.repeat(300) });
    expect(publishPacket(65535, 'users/u-1/requests', payload)).toEqual(
      reference({
        cmd: 'publish',
        topic: 'users/u-1/requests',
        payload: Buffer.from(payload),
        qos: 1,
        messageId: 65535,
        retain: false,
        dup: false,
      }),
    );
    expect(pubackPacket(258)).toEqual(reference({ cmd: 'puback', messageId: 258 }));
    expect(pingreqPacket()).toEqual(reference({ cmd: 'pingreq' }));
    expect(disconnectPacket()).toEqual(reference({ cmd: 'disconnect' }));
  });
});

describe('reading what the broker sends', () => {
  const big = 'ஆ'.repeat(10_000); // 30,000 bytes: a three-byte remaining length
  const stream = new Uint8Array(
    Buffer.concat([
      reference({ cmd: 'connack', returnCode: 0, sessionPresent: false }),
      reference({ cmd: 'suback', messageId: 1, granted: [1] }),
      reference({ cmd: 'suback', messageId: 7, granted: [0x80] }),
      reference({ cmd: 'publish', topic: 'users/u-1/events', payload: Buffer.from('{"event":"x"}'), qos: 0 }),
      reference({
        cmd: 'publish',
        topic: 'users/ஆ/events',
        payload: Buffer.from(big),
        qos: 1,
        messageId: 300,
      }),
      reference({ cmd: 'puback', messageId: 2 }),
      reference({ cmd: 'pingresp' }),
    ]),
  );
  const expected = [
    { type: 'connack', returnCode: 0 },
    { type: 'suback', id: 1, granted: [1] },
    { type: 'suback', id: 7, granted: [0x80] },
    { type: 'publish', topic: 'users/u-1/events', qos: 0, id: null, text: '{"event":"x"}' },
    { type: 'publish', topic: 'users/ஆ/events', qos: 1, id: 300, text: big },
    { type: 'puback', id: 2 },
    { type: 'pingresp' },
  ];
  const readable = (ps: ReturnType<ReturnType<typeof createPacketReader>>) =>
    ps.map((p) => {
      if (p.type !== 'publish') return p;
      const { payload, ...rest } = p;
      return { ...rest, text: new TextDecoder().decode(payload) };
    });

  it('reads several packets from one message', () => {
    expect(readable(createPacketReader()(stream))).toEqual(expected);
  });

  it('reads packets cut anywhere, even a byte at a time', () => {
    for (const size of [1, 2, 3, 7, 4096]) {
      const read = createPacketReader();
      const got = [];
      for (let at = 0; at < stream.length; at += size) got.push(...read(stream.slice(at, at + size)));
      expect(readable(got)).toEqual(expected);
    }
  });

  it('reads a refused CONNACK’s return code', () => {
    expect(createPacketReader()(reference({ cmd: 'connack', returnCode: 5 }))).toEqual([
      { type: 'connack', returnCode: 5 },
    ]);
  });

  it('refuses a remaining length longer than four bytes', () => {
    expect(() => createPacketReader()(new Uint8Array([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]))).toThrow(
      /malformed/,
    );
  });
});

import mqttPacket from 'mqtt-packet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MqttConnectOptions } from './live-client.ts';
import { ConnectRefused, connectMqtt, type SocketLike, SubscribeRefused } from './mqtt-socket.ts';

const OPTIONS: MqttConnectOptions = {
  clientId: 'web-1',
  username: 'u-1',
  password: 'token',
  keepalive: 30,
  connectTimeout: 30_000,
  clean: true,
};

/** A WebSocket the test plays the broker on: what the client sent, parsed, and a way to answer. */
function fakeSocket() {
  const sent: mqttPacket.Packet[] = [];
  const parser = mqttPacket.parser({ protocolVersion: 4 });
  parser.on('packet', (p) => sent.push(p));
  const socket: SocketLike & {
    sent: mqttPacket.Packet[];
    answer(p: Record<string, unknown>): void;
    drop(): void;
    closes: number;
  } = {
    binaryType: 'blob',
    readyState: 0,
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
    sent,
    closes: 0,
    send(data) {
      parser.parse(Buffer.from(data));
    },
    close() {
      socket.closes += 1;
      socket.readyState = 3;
    },
    answer(p) {
      const bytes = mqttPacket.generate(p as unknown as mqttPacket.Packet);
      socket.onmessage?.({ data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) });
    },
    drop() {
      socket.readyState = 3;
      socket.onclose?.();
    },
  };
  return socket;
}

function connected() {
  const socket = fakeSocket();
  const client = connectMqtt('ws://x/mqtt', OPTIONS, { openSocket: () => socket });
  const events: string[] = [];
  const messages: Array<[string, string]> = [];
  const errors: Error[] = [];
  client.on('connect', () => events.push('connect'));
  client.on('close', () => events.push('close'));
  client.on('error', (e) => errors.push(e));
  client.on('message', (topic, payload) => messages.push([topic, new TextDecoder().decode(payload)]));
  socket.readyState = 1;
  socket.onopen?.();
  return { socket, client, events, messages, errors };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the app’s MQTT client', () => {
  it('connects with the user and token, subscribes, and is connected once the broker accepts', () => {
    const { socket, client, events } = connected();
    expect(socket.binaryType).toBe('arraybuffer');
    expect(socket.sent[0]).toMatchObject({
      cmd: 'connect',
      protocolVersion: 4,
      clientId: 'web-1',
      username: 'u-1',
      keepalive: 30,
      clean: true,
    });
    expect(String((socket.sent[0] as mqttPacket.IConnectPacket).password)).toBe('token');
    expect(events).toEqual([]);
    socket.answer({ cmd: 'connack', returnCode: 0, sessionPresent: false });
    expect(events).toEqual(['connect']);
    client.subscribe('users/u-1/events', { qos: 1 });
    expect(socket.sent[1]).toMatchObject({
      cmd: 'subscribe',
      subscriptions: [{ topic: 'users/u-1/events', qos: 1 }],
    });
  });

  it('calls a subscription back with the broker’s SUBACK: granted, or refused (0x80) by name', () => {
    const { socket, client } = connected();
    socket.answer({ cmd: 'connack', returnCode: 0 });
    const answers: Array<Error | undefined> = [];
    client.subscribe('users/u-1/events', { qos: 1 }, (error) => answers.push(error));
    client.subscribe('users/someone-else/events', { qos: 1 }, (error) => answers.push(error));
    const [first, second] = socket.sent.slice(1) as mqttPacket.ISubscribePacket[];
    socket.answer({ cmd: 'suback', messageId: first!.messageId, granted: [1] });
    expect(answers).toEqual([undefined]);
    socket.answer({ cmd: 'suback', messageId: second!.messageId, granted: [0x80] });
    expect(answers[1]).toBeInstanceOf(SubscribeRefused);
    expect((answers[1] as SubscribeRefused).topic).toBe('users/someone-else/events');
    // One still waiting when the line drops hears that, not silence.
    client.subscribe('users/u-1/more', { qos: 1 }, (error) => answers.push(error));
    socket.drop();
    expect(answers[2]?.message).toBe('Connection closed');
  });

  it('hands on what arrives and acknowledges QoS 1 messages', () => {
    const { socket, messages } = connected();
    socket.answer({ cmd: 'connack', returnCode: 0 });
    socket.answer({
      cmd: 'publish',
      topic: 'users/u-1/events',
      payload: Buffer.from('{"a":1}'),
      qos: 1,
      messageId: 9,
    });
    socket.answer({ cmd: 'publish', topic: 'users/u-1/events', payload: Buffer.from('{"b":2}'), qos: 0 });
    expect(messages).toEqual([
      ['users/u-1/events', '{"a":1}'],
      ['users/u-1/events', '{"b":2}'],
    ]);
    expect(socket.sent.filter((p) => p.cmd === 'puback')).toEqual([
      expect.objectContaining({ messageId: 9 }),
    ]);
  });

  it('calls a publish back when the broker acknowledges it, and with an error when the line drops first', () => {
    const { socket, client, events } = connected();
    socket.answer({ cmd: 'connack', returnCode: 0 });
    const first = vi.fn();
    const second = vi.fn();
    client.publish('users/u-1/requests', '{"r":1}', { qos: 1 }, first);
    client.publish('users/u-1/requests', '{"r":2}', { qos: 1 }, second);
    const published = socket.sent.filter((p): p is mqttPacket.IPublishPacket => p.cmd === 'publish');
    expect(published.map((p) => [p.qos, String(p.payload)])).toEqual([
      [1, '{"r":1}'],
      [1, '{"r":2}'],
    ]);
    socket.answer({ cmd: 'puback', messageId: published[0]!.messageId });
    expect(first).toHaveBeenCalledWith();
    expect(second).not.toHaveBeenCalled();
    socket.drop();
    expect(second).toHaveBeenCalledWith(expect.any(Error));
    expect(events).toEqual(['connect', 'close']);
  });

  it('refuses to publish before the broker accepted the connection', () => {
    const { client } = connected();
    const cb = vi.fn();
    client.publish('users/u-1/requests', '{}', { qos: 1 }, cb);
    expect(cb).toHaveBeenCalledWith(expect.any(Error));
  });

  it('reports a refused token with its CONNACK code, then closes', () => {
    const { socket, events, errors } = connected();
    socket.answer({ cmd: 'connack', returnCode: 5 });
    expect(errors[0]).toBeInstanceOf(ConnectRefused);
    expect((errors[0] as ConnectRefused).code).toBe(5);
    expect(events).toEqual(['close']);
    expect(socket.closes).toBe(1);
  });

  it('pings each keep-alive period and closes when a ping goes unanswered for a whole period', () => {
    const { socket, client, events } = connected();
    const sentCmds: string[] = [];
    client.on('packetsend', (p) => sentCmds.push(p.cmd));
    socket.answer({ cmd: 'connack', returnCode: 0 });
    vi.advanceTimersByTime(30_000);
    expect(sentCmds).toEqual(['pingreq']);
    socket.answer({ cmd: 'pingresp' });
    vi.advanceTimersByTime(30_000);
    expect(sentCmds).toEqual(['pingreq', 'pingreq']);
    expect(events).toEqual(['connect']);
    vi.advanceTimersByTime(30_000);
    expect(events).toEqual(['connect', 'close']);
    expect(socket.closes).toBe(1);
  });

  it('gives up on a broker that never answers CONNECT', () => {
    const { events, errors } = connected();
    vi.advanceTimersByTime(30_000);
    expect(errors.map((e) => e.message)).toEqual(['connack timeout']);
    expect(events).toEqual(['close']);
  });

  it('says goodbye on end, and closes only once', () => {
    const { socket, client, events } = connected();
    socket.answer({ cmd: 'connack', returnCode: 0 });
    client.end(true);
    expect(socket.sent.at(-1)?.cmd).toBe('disconnect');
    socket.drop();
    expect(events).toEqual(['connect', 'close']);
  });
});

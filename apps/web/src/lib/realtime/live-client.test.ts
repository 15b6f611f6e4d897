import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../storage.ts';
import {
  createLiveClient,
  type MqttConnectOptions,
  type MqttLike,
  SUBSCRIBE_REFUSED,
} from './live-client.ts';
import type { LiveEvent } from './live-event.ts';
import { createOfflineBuffer } from './offline-buffer.ts';

/** A stand-in for mqtt.js's client: records what it is asked and lets the test fire its events. */
function fakeMqtt() {
  const handlers = new Map<string, (...args: unknown[]) => void>();
  const client = {
    subscribed: [] as string[],
    subacks: [] as Array<(error?: Error) => void>,
    ended: false,
    on(event: string, cb: (...args: unknown[]) => void) {
      handlers.set(event, cb);
      return client;
    },
    subscribe(topic: string, _options: unknown, callback?: (error?: Error) => void) {
      client.subscribed.push(topic);
      if (callback) client.subacks.push(callback);
      return client;
    },
    unsubscribed: [] as string[],
    unsubscribe(topic: string) {
      client.unsubscribed.push(topic);
      return client;
    },
    published: [] as Array<{ topic: string; message: string; ack: (error?: Error) => void }>,
    publish(topic: string, message: string, _options: unknown, ack: (error?: Error) => void) {
      client.published.push({ topic, message, ack });
      return client;
    },
    end() {
      client.ended = true;
      return client;
    },
    fire(event: string, ...args: unknown[]) {
      handlers.get(event)?.(...args);
    },
  };
  return client;
}

function setup(options: { token?: string | null; buffer?: ReturnType<typeof createOfflineBuffer> } = {}) {
  const clients: ReturnType<typeof fakeMqtt>[] = [];
  const calls: MqttConnectOptions[] = [];
  const asked: Array<{ renew?: boolean } | undefined> = [];
  const live = createLiveClient({
    connect: async (_url, opts) => {
      calls.push(opts);
      const c = fakeMqtt();
      clients.push(c);
      return c as unknown as MqttLike;
    },
    url: () => 'ws://localhost/mqtt',
    credentials: async (o) => {
      asked.push(o);
      return options.token === null ? null : { userId: 'user-1', token: options.token ?? 'token-1' };
    },
    isOnline: () => true,
    buffer: options.buffer,
    currentUser: () => 'user-1',
    sessionId: () => 'device-1',
  });
  return { live, clients, calls, asked };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('the live client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects with the access token, listens to its own topic and hands events on', async () => {
    const { live, clients, calls } = setup();
    const got: LiveEvent[] = [];
    live.subscribe((e) => got.push(e));
    live.start();
    expect(live.state()).toBe('Connecting');
    await flush();
    expect(calls[0]).toMatchObject({
      password: 'token-1',
      username: 'user-1',
      keepalive: 60,
    });
    clients[0]?.fire('connect');
    expect(live.state()).toBe('Connected');
    expect(clients[0]?.subscribed).toEqual(['users/user-1/events']);
    const payload = {
      event: 'bookingReserved',
      data: { message: 'Ready', bookingId: 'b1' },
      SessionID: null,
    };
    clients[0]?.fire('message', 'users/user-1/events', new TextEncoder().encode(JSON.stringify(payload)));
    clients[0]?.fire('message', 'users/user-1/events', new TextEncoder().encode('garbage'));
    expect(got).toEqual([payload]);
  });

  it("listens to a watched topic (a shop's board) now and after every reconnection, and stops when asked", async () => {
    const { live, clients } = setup();
    const got: LiveEvent[] = [];
    live.subscribe((e) => got.push(e));
    const refused: string[] = [];
    const board = 'shops/sri-murugan-stores/events';
    const before = live.watch(board, (t) => refused.push(t));
    live.start();
    await flush();
    clients[0]?.fire('connect');
    expect(clients[0]?.subscribed).toEqual(['users/user-1/events', board]);
    const ring = { event: 'shopOrderChanged', data: { message: '', orderId: 'o1' }, SessionID: null };
    clients[0]?.fire('message', board, new TextEncoder().encode(JSON.stringify(ring)));
    expect(got).toEqual([ring]);
    // A second screen on the same topic shares the subscription; the last to leave ends it.
    const second = live.watch(board);
    expect(clients[0]?.subscribed).toHaveLength(2);
    clients[0]?.fire('close');
    await vi.advanceTimersByTimeAsync(5_000);
    clients[1]?.fire('connect');
    expect(clients[1]?.subscribed).toEqual(['users/user-1/events', board]);
    before();
    expect(clients[1]?.unsubscribed).toEqual([]);
    second();
    expect(clients[1]?.unsubscribed).toEqual([board]);
    // A topic watched while connected is subscribed at once; a refusal is told to that screen only
    // and the connection stays up.
    const other = 'shops/iyyappa-bakery/events';
    live.watch(other, (t) => refused.push(t));
    expect(clients[1]?.subscribed.at(-1)).toBe(other);
    const error = Object.assign(new Error('refused'), { name: SUBSCRIBE_REFUSED });
    clients[1]?.subacks.at(-1)?.(error);
    expect(refused).toEqual([other]);
    expect(live.state()).toBe('Connected');
    expect(clients[1]?.ended).toBe(false);
  });

  it('after a disruption tries again 5 s later, then every 60 s, until it is back', async () => {
    const { live, clients, calls } = setup();
    live.start();
    await flush();
    clients[0]?.fire('connect');
    clients[0]?.fire('close');
    expect(live.state()).toBe('ConnectionDisrupted');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    clients[1]?.fire('close');
    await vi.advanceTimersByTimeAsync(59_999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    clients[2]?.fire('connect');
    expect(live.state()).toBe('Connected');
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toHaveLength(3);
  });

  it('flags a keep-alive ping left unanswered, and clears it on the answer', async () => {
    const { live, clients } = setup();
    live.start();
    await flush();
    clients[0]?.fire('connect');
    clients[0]?.fire('packetsend', { cmd: 'pingreq' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(live.state()).toBe('ConnectedPendingKeepAlive');
    clients[0]?.fire('packetreceive', { cmd: 'pingresp' });
    expect(live.state()).toBe('Connected');
  });

  it('knows when the network is gone', async () => {
    const { live, clients } = setup();
    live.start();
    await flush();
    clients[0]?.fire('connect');
    live.setNetworkOnline(false);
    expect(live.state()).toBe('ConnectedPendingNetwork');
    clients[0]?.fire('close');
    expect(live.state()).toBe('ConnectionDisruptedPendingNetwork');
  });

  it('closes on sign-out and stays closed', async () => {
    const { live, clients, calls } = setup();
    live.start();
    await flush();
    clients[0]?.fire('connect');
    live.stop();
    expect(clients[0]?.ended).toBe(true);
    expect(live.state()).toBe('Disconnected');
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toHaveLength(1);
  });

  it("does not connect without a session, fails with the seed's error, and keeps trying for one", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { live, calls } = setup({ token: null });
    live.start();
    await flush();
    expect(calls).toHaveLength(0);
    expect(live.state()).toBe('ConnectionDisrupted');
    expect(live.facts.getState().lastError).toBe('No auth session credentials');
    expect(String(errors.mock.calls[0]?.[0])).toContain('No auth session credentials');
    errors.mockRestore();
  });

  it('renews the session before trying again when the broker refused its token (signed out elsewhere)', async () => {
    const { live, clients, asked } = setup();
    live.start();
    await flush();
    expect(asked).toEqual([undefined]);
    // The broker closes the connection and refuses the same token on the next attempt.
    clients[0]?.fire(
      'error',
      Object.assign(new Error('Connection refused: Bad username or password'), { code: 4 }),
    );
    clients[0]?.fire('close');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(asked[1]).toEqual({ renew: true });
    // A plain network failure does not ask for a renewal.
    clients[1]?.fire('error', new Error('socket hang up'));
    clients[1]?.fire('close');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked[2]).toBeUndefined();
    expect(asked.length).toBeGreaterThanOrEqual(3);
    live.stop();
  });

  it('reports a refused subscription (SUBACK 0x80) as not live, and tries again with a renewed session', async () => {
    const { live, clients, asked } = setup();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    live.start();
    await flush();
    clients[0]?.fire('connect');
    expect(live.state()).toBe('Connected');
    clients[0]?.subacks[0]?.(Object.assign(new Error('Subscription refused'), { name: SUBSCRIBE_REFUSED }));
    expect(live.state()).toBe('ConnectionDisrupted');
    expect(live.facts.getState().lastError).toBe(SUBSCRIBE_REFUSED);
    expect(clients[0]?.ended).toBe(true);
    expect(errors).toHaveBeenCalledWith(
      'Petti: live updates: the broker refused the subscription to users/user-1/events',
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked[1]).toEqual({ renew: true });
    // Granted on the next connection: live again, and the refusal forgotten.
    clients[1]?.fire('connect');
    clients[1]?.subacks[0]?.();
    expect(live.state()).toBe('Connected');
    expect(live.facts.getState().lastError).toBeUndefined();
    live.stop();
    errors.mockRestore();
  });

  it('reconnects with a fresh token shortly before the broker would end the connection at its expiry', async () => {
    const clients: ReturnType<typeof fakeMqtt>[] = [];
    const asked: number[] = [];
    const live = createLiveClient({
      connect: async () => {
        const c = fakeMqtt();
        clients.push(c);
        return c as unknown as MqttLike;
      },
      url: () => 'ws://localhost/mqtt',
      credentials: async () => {
        asked.push(Date.now());
        return { userId: 'user-1', token: `token-${asked.length}` };
      },
      isOnline: () => true,
      msUntilRenewal: () => 14 * 60_000,
    });
    live.start();
    await flush();
    clients[0]?.fire('connect');
    await vi.advanceTimersByTimeAsync(14 * 60_000 - 1000);
    expect(clients).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(clients).toHaveLength(2);
    expect(clients[0]?.ended).toBe(true);
    live.stop();
  });

  it('keeps what the app publishes offline and sends it, oldest first, once connected; acknowledged, it leaves', async () => {
    const storage = memoryStorage();
    const buffer = createOfflineBuffer({ storage: () => storage });
    const { live, clients } = setup({ buffer });
    // Offline: nothing to send it on yet.
    expect(live.request({ type: 'curbsideOnMyWay', orderId: 'o1' })).toBe(true);
    expect(live.request({ type: 'curbsideArrived', orderId: 'o1', bay: '3' })).toBe(true);
    expect(JSON.parse(storage.getItem('liveOutbox')!)).toHaveLength(2);

    live.start();
    await flush();
    clients[0]!.fire('connect');
    const sent = clients[0]!.published;
    expect(sent.map((p) => p.topic)).toEqual(['users/user-1/requests', 'users/user-1/requests']);
    const envelopes = sent.map((p) => JSON.parse(p.message));
    expect(envelopes.map((e) => e.request)).toEqual([
      { type: 'curbsideOnMyWay', orderId: 'o1' },
      { type: 'curbsideArrived', orderId: 'o1', bay: '3' },
    ]);
    expect(envelopes[0]).toMatchObject({ token: 'token-1', sessionId: 'device-1' });
    expect(envelopes[0].requestId).toBe(buffer.items()[0]!.requestId);

    // The first is acknowledged; the connection drops before the second is.
    sent[0]!.ack();
    expect(buffer.items()).toHaveLength(1);
    clients[0]!.fire('close');
    await vi.advanceTimersByTimeAsync(5_000);
    clients[1]!.fire('connect');
    // Only the unacknowledged one goes again, on the new connection.
    expect(clients[1]!.published.map((p) => JSON.parse(p.message).request.type)).toEqual(['curbsideArrived']);
    clients[1]!.published[0]!.ack();
    expect(buffer.items()).toEqual([]);
    expect(storage.getItem('liveOutbox')).toBeNull();

    // Connected: sent at once.
    live.request({ type: 'curbsideArrived', orderId: 'o2' });
    expect(clients[1]!.published).toHaveLength(2);
  });

  it("never sends one user's buffered requests on another user's connection", async () => {
    const buffer = createOfflineBuffer({ storage: () => memoryStorage() });
    buffer.push('someone-else', { type: 'curbsideArrived', orderId: 'theirs' });
    const { live, clients } = setup({ buffer });
    live.start();
    await flush();
    clients[0]!.fire('connect');
    expect(clients[0]!.published).toEqual([]);
    expect(buffer.items()).toEqual([]);
  });
});

import { TOPICS } from '@petti/shared';
import { devicePassword } from '@petti/shared/node/device-password';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signInUser, signUpUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { shopMembers } from '../sellers/schema.ts';

// These rules live in the embedded broker, so this suite always runs on it, also when the other
// suites use an external broker (which checks credentials itself: docs/decisions/0003).

let t: TestApp;
let url: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    env: { AUTH_IP_CODES_PER_HOUR: '1000', BROKER_MAX_CONNECTIONS_PER_USER: '3' },
    broker: 'embedded',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  url = `ws://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/mqtt`;
});
afterAll(async () => {
  for (const c of clients) c.end(true);
  await t?.close();
});

function connect(options: { username?: string; password?: string; clientId?: string }): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, {
      ...options,
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    clients.push(client);
    client.once('connect', () => resolve(client));
    client.once('error', (err) => reject(err));
  });
}

async function grantedQos(client: MqttClient, topic: string): Promise<number> {
  try {
    const granted = await client.subscribeAsync(topic, { qos: 1 });
    return granted[0]!.qos;
  } catch (err) {
    // mqtt.js rejects a refused subscription; the SUBACK still says what was granted.
    const packet = (err as { packet?: { granted?: number[] } }).packet;
    if (packet?.granted) return packet.granted[0]!;
    throw err;
  }
}

/** Resolves with the payload if the subscriber hears `topic` within `ms`, else null. */
function hears(client: MqttClient, topic: string, ms = 400): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    client.on('message', (tp, payload) => {
      if (tp === topic) {
        clearTimeout(timer);
        resolve(payload.toString());
      }
    });
  });
}

describe('who may listen to what', () => {
  it('refuses a connection without a token or with a bad one', async () => {
    await expect(connect({})).rejects.toThrow(/Bad username or password|Not authorized/i);
    await expect(connect({ username: 'x', password: 'not-a-token' })).rejects.toThrow(
      /Bad username or password/i,
    );
  });

  it('lets a user subscribe to their own topics only', async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const client = await connect({ username: alice.userId, password: alice.tokens.accessToken });
    expect(await grantedQos(client, `users/${alice.userId}/#`)).toBe(1);
    expect(await grantedQos(client, `users/${alice.userId}/events`)).toBe(1);
    expect(await grantedQos(client, `users/${bob.userId}/#`)).toBe(128);
    expect(await grantedQos(client, 'users/+/events')).toBe(128);
    expect(await grantedQos(client, '#')).toBe(128);
    expect(await grantedQos(client, 'lockers/bus-stand/commands')).toBe(128);

    // Bob cannot hear what is sent to Alice, and Alice hears it.
    const bobClient = await connect({ username: bob.userId, password: bob.tokens.accessToken });
    await bobClient.subscribeAsync('users/+/events').catch(() => {});
    const bobHears = hears(bobClient, `users/${alice.userId}/events`);
    const aliceHears = hears(client, `users/${alice.userId}/events`);
    await t.ctx.realtime.publish(`users/${alice.userId}/events`, {
      event: 'test',
      data: {},
      SessionID: null,
    });
    expect(await aliceHears).toContain('"event":"test"');
    expect(await bobHears).toBeNull();
  });

  it("lets a shop's members, and only them, hear its board; someone removed is dropped and refused", async () => {
    const shop = 'sri-murugan-stores';
    const owner = await signUpUser(t.app);
    const staff = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const now = t.clock.now();
    await t.ctx.database.db.insert(shopMembers).values([
      { shopId: shop, phone: `91${owner.phone}`, role: 'owner', addedAt: now, addedBy: 'test' },
      { shopId: shop, phone: `91${staff.phone}`, role: 'staff', addedAt: now, addedBy: 'test' },
      { shopId: 'iyyappa-bakery', phone: `91${other.phone}`, role: 'owner', addedAt: now, addedBy: 'test' },
    ]);
    const topic = TOPICS.shopEvents(shop);
    const staffClient = await connect({ username: staff.userId, password: staff.tokens.accessToken });
    const otherClient = await connect({ username: other.userId, password: other.tokens.accessToken });
    expect(await grantedQos(staffClient, topic)).toBe(1);
    expect(await grantedQos(otherClient, topic)).toBe(128);
    expect(await grantedQos(otherClient, TOPICS.shopEvents('iyyappa-bakery'))).toBe(1);
    // No wildcard reaches a shop's topic, not even one's own.
    expect(await grantedQos(otherClient, 'shops/+/events')).toBe(128);
    expect(await grantedQos(otherClient, 'shops/#')).toBe(128);
    expect(await grantedQos(staffClient, `${topic}/#`)).toBe(128);
    const staffHears = hears(staffClient, topic, 2000);
    const otherHears = hears(otherClient, topic);
    await t.ctx.realtime.publish(topic, { event: 'shopOrderChanged', data: {}, SessionID: null });
    expect(await staffHears).toContain('shopOrderChanged');
    expect(await otherHears).toBeNull();
    // Nobody but the server speaks on a shop's topic, not even its members.
    const forged = hears(staffClient, topic, 600);
    const forger = await connect({ username: owner.userId, password: owner.tokens.accessToken });
    forger.publish(topic, '{"event":"forged"}', { qos: 0 });
    otherClient.publish(topic, '{"event":"forged"}', { qos: 0 });
    expect(await forged).toBeNull();

    // The owner removes the staff member: the open connection is dropped at once, and asked again the
    // shop's topic is refused while their own stays theirs.
    const dropped = new Promise<void>((resolve) => staffClient.once('close', () => resolve()));
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/shops/${shop}/members/91${staff.phone}`,
      headers: { authorization: `Bearer ${owner.tokens.accessToken}`, 'x-client-id': 'petti-web' },
    });
    expect(gone.statusCode, gone.body).toBe(204);
    await dropped;
    const again = await connect({ username: staff.userId, password: staff.tokens.accessToken });
    expect(await grantedQos(again, topic)).toBe(128);
    expect(await grantedQos(again, `users/${staff.userId}/events`)).toBe(1);
  });

  it("lets a user publish on their own requests topic only, never events or another user's requests", async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const listener = await connect({ username: alice.userId, password: alice.tokens.accessToken });
    await listener.subscribeAsync(`users/${alice.userId}/#`);
    const bobListener = await connect({ username: bob.userId, password: bob.tokens.accessToken });
    await bobListener.subscribeAsync(`users/${bob.userId}/#`);

    const forged = hears(listener, `users/${alice.userId}/events`, 600);
    const publisher = await connect({ username: alice.userId, password: alice.tokens.accessToken });
    publisher.publish(`users/${alice.userId}/events`, '{"event":"forged"}', { qos: 0 });
    expect(await forged).toBeNull();

    // A refused publish is dropped, not the connection: the same one tries the next.
    const intoBob = hears(bobListener, `users/${bob.userId}/requests`, 600);
    publisher.publish(`users/${bob.userId}/requests`, '{"x":1}', { qos: 0 });
    expect(await intoBob).toBeNull();

    const own = hears(listener, `users/${alice.userId}/requests`, 2000);
    await publisher.publishAsync(`users/${alice.userId}/requests`, '{"x":2}', { qos: 1 });
    expect(await own).toBe('{"x":2}');
  });

  it('drops a publish where the client may not, acknowledged, and keeps its connection', async () => {
    const alice = await signUpUser(t.app);
    const listener = await connect({ username: alice.userId, password: alice.tokens.accessToken });
    await listener.subscribeAsync(`users/${alice.userId}/#`);
    const client = await connect({ username: alice.userId, password: alice.tokens.accessToken });
    let closed = false;
    client.on('close', () => {
      closed = true;
    });
    const heardState: string[] = [];
    await t.ctx.realtime.subscribe('lockers/+/state', (topic) => void heardState.push(topic));
    // QoS 1: the PUBACK comes as for any publish (MQTT 3.1.1 has no refusal to send).
    await client.publishAsync('lockers/bus-stand/state', '{"type":"heartbeat"}', { qos: 1 });
    await client.publishAsync(`users/${alice.userId}/events`, '{"event":"forged"}', { qos: 1 });
    // The same connection goes on: its next, allowed publish arrives, and the forged ones never did.
    const own = hears(listener, `users/${alice.userId}/requests`, 2000);
    await client.publishAsync(`users/${alice.userId}/requests`, '{"x":3}', { qos: 1 });
    expect(await own).toBe('{"x":3}');
    expect(closed).toBe(false);
    expect(heardState).toEqual([]);
  });

  it('speaks MQTT over WebSocket only under its own subprotocol', async () => {
    const opened = (protocols: string[]) =>
      new Promise<{ protocol: string; closedWith: number | null }>((resolve, reject) => {
        const ws = new WebSocket(url, protocols);
        ws.once('error', reject);
        ws.once('open', () => {
          const protocol = ws.protocol;
          ws.once('close', (code) => resolve({ protocol, closedWith: code }));
          // A connection kept open is ended here: the answer is what the server chose.
          setImmediate(() => {
            if (ws.readyState === WebSocket.OPEN) {
              resolve({ protocol, closedWith: null });
              ws.terminate();
            }
          });
        });
      });
    expect(await opened(['mqtt'])).toMatchObject({ protocol: 'mqtt' });
    expect((await opened(['foo', 'mqtt'])).protocol).toBe('mqtt');
    const foreign = await new Promise<number>((resolve, reject) => {
      // ws itself refuses an answer naming no offered protocol, so the offer is left to the server.
      const ws = new WebSocket(url, ['foo']);
      ws.once('unexpected-response', () => resolve(-1));
      // The client sees that the server did not echo "foo" (it names none).
      ws.once('error', (err) => (/no subprotocol/i.test(String(err)) ? resolve(0) : reject(err)));
      ws.once('close', (code) => resolve(code));
    });
    expect(foreign === 0 || foreign === 1002).toBe(true);
  });

  it('refuses an MQTT 5 client with "unacceptable protocol version"', async () => {
    const refused = new Promise<Error>((resolve) => {
      const client = mqtt.connect(url, { protocolVersion: 5, reconnectPeriod: 0, connectTimeout: 5000 });
      clients.push(client);
      client.once('error', resolve);
      client.once('close', () => resolve(new Error('closed')));
    });
    expect(String(await refused)).toMatch(/unacceptable protocol version|unsupported protocol/i);
  });

  it('stops a signed-out session from connecting', async () => {
    const alice = await signUpUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { authorization: `Bearer ${alice.tokens.accessToken}`, 'x-client-id': 'petti-web' },
      payload: { global: true },
    });
    await expect(connect({ username: alice.userId, password: alice.tokens.accessToken })).rejects.toThrow(
      /Bad username or password/i,
    );
  });

  it('closes the open connections of the sessions signed out, after telling them; other sessions stay', async () => {
    const alice = await signUpUser(t.app);
    t.clock.advance(31_000);
    const phone2 = await signInUser(t.app, alice.phone);
    const first = await connect({ username: alice.userId, password: alice.tokens.accessToken });
    const second = await connect({ username: alice.userId, password: phone2.tokens.accessToken });
    await second.subscribeAsync(`users/${alice.userId}/events`, { qos: 1 });
    const told = hears(second, `users/${alice.userId}/events`, 3000);
    const closed = new Promise<void>((resolve) => second.once('close', () => resolve()));
    // The first phone signs out only itself: the second stays connected.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { authorization: `Bearer ${alice.tokens.accessToken}`, 'x-client-id': 'petti-web' },
    });
    expect(own.statusCode, own.body).toBe(204);
    await new Promise((r) => setTimeout(r, 200));
    expect(first.connected).toBe(false);
    expect(second.connected).toBe(true);
    // Then it signs out everywhere from the second: that one hears why, and its connection is closed.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { authorization: `Bearer ${phone2.tokens.accessToken}`, 'x-client-id': 'petti-web' },
      payload: { global: true },
    });
    expect(res.statusCode).toBe(204);
    const event = JSON.parse((await told) ?? 'null') as {
      event: string;
      data: { sessionIds: string[] };
    } | null;
    expect(event?.event).toBe('sessionEnded');
    await closed;
    expect(second.connected).toBe(false);
  });

  it('lets nobody push another user off by taking their client id; a user may take over their own', async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const first = await connect({
      username: alice.userId,
      password: alice.tokens.accessToken,
      clientId: 'web-shared',
    });
    await expect(
      connect({ username: bob.userId, password: bob.tokens.accessToken, clientId: 'web-shared' }),
    ).rejects.toThrow(/Not authorized/i);
    await new Promise((r) => setTimeout(r, 100));
    expect(first.connected).toBe(true);
    const again = await connect({
      username: alice.userId,
      password: alice.tokens.accessToken,
      clientId: 'web-shared',
    });
    expect(again.connected).toBe(true);
  });

  it('caps the connections one user holds at once', async () => {
    const dan = await signUpUser(t.app);
    for (let i = 0; i < 3; i++) await connect({ username: dan.userId, password: dan.tokens.accessToken });
    await expect(connect({ username: dan.userId, password: dan.tokens.accessToken })).rejects.toThrow(
      /Not authorized/i,
    );
  });

  it('ends a connection when the token it was opened with expires', async () => {
    const eve = await signUpUser(t.app);
    const client = await connect({ username: eve.userId, password: eve.tokens.accessToken });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    expect(t.ctx.realtime.endExpired?.()).toBe(0);
    t.clock.advance(16 * 60_000); // past the 15-minute access token
    expect(t.ctx.realtime.endExpired?.()).toBeGreaterThanOrEqual(1);
    await closed;
    expect(client.connected).toBe(false);
  });

  it('keeps each locker controller to its own site', async () => {
    const key = t.ctx.config.DEVICE_KEY;
    await expect(connect({ username: 'site:bus-stand', password: 'guess' })).rejects.toThrow(
      /Bad username or password/i,
    );
    await expect(
      connect({ username: 'site:nowhere', password: devicePassword(key, 'nowhere') }),
    ).rejects.toThrow(/Bad username or password/i);
    const site = await connect({ username: 'site:bus-stand', password: devicePassword(key, 'bus-stand') });
    expect(await grantedQos(site, 'lockers/bus-stand/commands')).toBe(1);
    expect(await grantedQos(site, 'lockers/other-site/commands')).toBe(0x80);
    expect(await grantedQos(site, 'users/+/events')).toBe(0x80);

    const heard: string[] = [];
    await t.ctx.realtime.subscribe('lockers/+/state', (topic) => {
      heard.push(topic);
    });
    await site.publishAsync('lockers/bus-stand/state', '{"type":"heartbeat"}', { qos: 1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toContain('lockers/bus-stand/state');
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedBroker } from './embedded-broker.ts';
import type { BrokerAuth, Realtime } from './realtime.ts';

/**
 * Two processes' embedded brokers sharing one Redis (REDIS_URL): what one publishes reaches browsers on
 * the other; a controller's report is handled by the process it is connected to only; a sign-out on one
 * closes the session's connections on the other, as does dropping a user. Needs a Redis: CI passes TEST_REDIS_URL.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;

// Anyone named u-… is that user (session s-…); users listen under users/{id}/ and devices publish their site.
const auth: BrokerAuth = {
  authenticate: async ({ username, password }) =>
    username?.startsWith('u-')
      ? { kind: 'user', userId: username, sessionId: password ?? '' }
      : username?.startsWith('site:')
        ? { kind: 'device', siteId: username.slice(5) }
        : null,
  canSubscribe: (p, filter) => p.kind === 'user' && filter.startsWith(`users/${p.userId}/`),
  canPublish: (p, topic) => p.kind === 'device' && topic.startsWith(`lockers/${p.siteId}/`),
};

interface Process {
  realtime: Realtime;
  http: Server;
  url: string;
}
const processes: Process[] = [];
const clients: MqttClient[] = [];

async function startProcess(): Promise<Process> {
  const realtime = await createEmbeddedBroker({
    tcpPort: 0,
    log: pino({ level: 'silent' }),
    redisUrl: REDIS_URL,
  });
  realtime.setAuth(auth);
  const http = createServer();
  realtime.attach(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const p = { realtime, http, url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}/mqtt` };
  processes.push(p);
  return p;
}

async function connect(p: Process, username: string, password: string): Promise<MqttClient> {
  const client = await mqtt.connectAsync(p.url, {
    username,
    password,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  clients.push(client);
  return client;
}

const heard = (client: MqttClient, topic: string, ms = 3000) =>
  new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    client.on('message', (t, payload) => {
      if (t === topic) {
        clearTimeout(timer);
        resolve(payload.toString());
      }
    });
  });

describe.runIf(REDIS_URL)('several processes, one embedded broker through Redis', () => {
  let a: Process;
  let b: Process;
  beforeAll(async () => {
    a = await startProcess();
    b = await startProcess();
  });
  afterAll(async () => {
    for (const c of clients) c.end(true);
    for (const p of processes) {
      await p.realtime.close();
      await new Promise((r) => p.http.close(r));
    }
  });

  it('a browser on one process hears an event published on the other', async () => {
    const user = `u-${Date.now()}`;
    const browser = await connect(a, user, 's-1');
    await browser.subscribeAsync(`users/${user}/events`, { qos: 1 });
    await new Promise((r) => setTimeout(r, 200));
    const got = heard(browser, `users/${user}/events`);
    await b.realtime.publish(`users/${user}/events`, { event: 'bookingReserved', data: {}, SessionID: null });
    expect(JSON.parse((await got) ?? '{}').event).toBe('bookingReserved');
  });

  it("a controller's report is handled once, by the process it is connected to", async () => {
    const site = `site-${Date.now()}`;
    const handledBy: string[] = [];
    await a.realtime.subscribe('lockers/+/state', () => void handledBy.push('a'), { local: true });
    await b.realtime.subscribe('lockers/+/state', () => void handledBy.push('b'), { local: true });
    const controller = await connect(b, `site:${site}`, 'x');
    await controller.publishAsync(`lockers/${site}/state`, '{"type":"heartbeat"}', { qos: 1 });
    await new Promise((r) => setTimeout(r, 500));
    expect(handledBy).toEqual(['b']);
  });

  it("signing out on one process closes the session's connections on the other", async () => {
    const user = `u-${Date.now()}-x`;
    const browser = await connect(a, user, 's-ended');
    const other = await connect(a, user, 's-kept');
    const closed = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 3000);
      browser.once('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    expect(b.realtime.endSessions?.(['s-ended'])).toBe(0); // none of them on b itself
    expect(await closed).toBe(true);
    expect(other.connected).toBe(true);
  });

  it("dropping a user on one process closes that user's connections on the other, and no one else's", async () => {
    const user = `u-${Date.now()}-dropped`;
    const browser = await connect(a, user, 's-dropped');
    const bystander = await connect(a, `u-${Date.now()}-kept`, 's-bystander');
    const closed = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 3000);
      browser.once('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    expect(b.realtime.dropUsers?.([user])).toBe(0);
    expect(await closed).toBe(true);
    expect(bystander.connected).toBe(true);
  });

  it('closes with subscriptions and a publish still in flight on Redis, leaving no rejection behind', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => void rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      for (let i = 0; i < 5; i++) {
        const realtime = await createEmbeddedBroker({
          tcpPort: 0,
          log: pino({ level: 'silent' }),
          redisUrl: REDIS_URL,
        });
        // Subscriptions still being made on Redis when the broker closes (as at a shutdown under load).
        for (let n = 0; n < 50; n++) void realtime.subscribe(`users/u-${i}-${n}/events`, () => undefined);
        void realtime.publish(`users/u-${i}/events`, { event: 'bookingReserved', data: {}, SessionID: null });
        await realtime.close();
      }
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      process.off('unhandledRejection', onRejection);
    }
    expect(rejections.map(String)).toEqual([]);
  });
});

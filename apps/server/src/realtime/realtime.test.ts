import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onExternalBroker, openTestRealtime } from '../test/helper.ts';
import { topicMatches } from './external-broker.ts';
import type { Realtime } from './realtime.ts';

describe('topicMatches', () => {
  it.each([
    ['lockers/+/state', 'lockers/bus-stand/state', true],
    ['lockers/+/state', 'lockers/bus-stand/keypad', false],
    ['users/u1/#', 'users/u1/events', true],
    ['users/u1/#', 'users/u2/events', false],
    ['#', 'anything/at/all', true],
    ['$share/petti/lockers/+/keypad', 'lockers/a/keypad', true],
    ['a/b', 'a/b/c', false],
  ])('%s against %s is %s', (filter, topic, expected) => {
    expect(topicMatches(filter, topic)).toBe(expected);
  });
});

describe(`the server's broker connection (${onExternalBroker ? 'external broker' : 'embedded'})`, () => {
  let rt: Realtime;
  beforeAll(async () => {
    rt = await openTestRealtime();
  });
  afterAll(() => rt.close());

  it('delivers what the server publishes to what the server listens on', async () => {
    const got = new Promise<string>((resolve) => {
      void rt.subscribe('lockers/+/state', (topic, payload) => resolve(`${topic} ${payload.toString()}`));
    });
    await new Promise((r) => setTimeout(r, 50));
    await rt.publish('lockers/test-site/state', { type: 'heartbeat' });
    expect(await got).toBe('lockers/test-site/state {"type":"heartbeat"}');
    expect(rt.status().connected).toBe(true);
  });

  it('stops delivering after unsubscribe', async () => {
    const heard: string[] = [];
    const off = await rt.subscribe('petti-test/once', (topic) => {
      heard.push(topic);
    });
    await off();
    await rt.publish('petti-test/once', 'x');
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual([]);
  });

  it.runIf(onExternalBroker)(
    "hands what several processes listen to with `local` to one of them: a controller's report is handled once",
    async () => {
      const second = await openTestRealtime();
      const controller = await mqtt.connectAsync(process.env.TEST_MQTT_URL!, { protocolVersion: 4 });
      try {
        const heard: string[] = [];
        await rt.subscribe('lockers/+/keypad', (t) => void heard.push(`first ${t}`), { local: true });
        await second.subscribe('lockers/+/keypad', (t) => void heard.push(`second ${t}`), { local: true });
        await new Promise((r) => setTimeout(r, 50));
        for (let i = 0; i < 6; i++)
          await controller.publishAsync(`lockers/site-${i}/keypad`, '{}', { qos: 1 });
        await expect.poll(() => heard.length).toBe(6);
        await new Promise((r) => setTimeout(r, 300));
        expect(heard).toHaveLength(6);
        expect(new Set(heard.map((h) => h.split(' ')[1])).size).toBe(6);
      } finally {
        await controller.endAsync();
        await second.close();
      }
    },
  );

  it.runIf(onExternalBroker)('reaches other clients of the external broker both ways', async () => {
    const other = await mqtt.connectAsync(process.env.TEST_MQTT_URL!, { protocolVersion: 4 });
    try {
      // Events out: a browser-like client hears a user event the server publishes.
      await other.subscribeAsync('users/u-test/events', { qos: 1 });
      const heard = new Promise<string>((resolve) => other.on('message', (_t, p) => resolve(p.toString())));
      await rt.publish('users/u-test/events', { event: 'bookingReserved', data: {}, SessionID: null });
      expect(JSON.parse(await heard).event).toBe('bookingReserved');
      // Controller topics in: the server hears a keypad PIN a controller publishes.
      const pin = new Promise<string>((resolve) => {
        void rt.subscribe('lockers/+/keypad', (_t, p) => resolve(p.toString()));
      });
      await new Promise((r) => setTimeout(r, 50));
      await other.publishAsync('lockers/site-x/keypad', '{"pin":"123456"}', { qos: 1 });
      expect(await pin).toBe('{"pin":"123456"}');
    } finally {
      await other.endAsync();
    }
  });
});

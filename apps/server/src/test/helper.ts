import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import pino from 'pino';
import { type Started, startPetti } from '../bootstrap.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { loadDemoData } from '../db/seed/load-demo-data.ts';
import { type Clock, fixedClock } from '../platform/clock.ts';
import { createEmbeddedBroker } from '../realtime/embedded-broker.ts';
import { createExternalBroker } from '../realtime/external-broker.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { PGLITE_TEMPLATE } from './paths.ts';

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
export const onExternalBroker = Boolean(process.env.TEST_MQTT_URL);

/** A database of its own for one suite: a copy of the seeded PGlite template, or a new PostgreSQL database. */
export async function openTestDatabase(
  pool: { poolSize?: number; poolWaitMs?: number } = {},
): Promise<Database & { dropped?: boolean }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const tar = await readFile(PGLITE_TEMPLATE);
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([tar]) });
  }
  const name = `petti_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: u.toString(), poolSize: 20, ...pool });
  await loadDemoData(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * Test files run side by side on one external broker: each file's apps take their `local`
 * subscriptions (controllers' reports, apps' requests) in a group of their own, or another file's
 * app would be handed them (realtime.ts).
 */
const newShareGroup = () => `petti-test-${Math.random().toString(36).slice(2, 10)}`;
const FILE_SHARE_GROUP = newShareGroup();

export async function openTestRealtime(
  kind: 'default' | 'embedded' = 'default',
  shareGroup = FILE_SHARE_GROUP,
): Promise<Realtime> {
  const log = pino({ level: 'silent' });
  const url = kind === 'embedded' ? undefined : process.env.TEST_MQTT_URL;
  return url ? createExternalBroker({ url, log, shareGroup }) : createEmbeddedBroker({ tcpPort: 0, log });
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST: '.tmp/test/no-web-build',
    // Uploaded photos land in a scratch folder, never in the checkout's ./data.
    DATA_DIR: '.tmp/test/data',
    // Test apps share one external broker: each takes its `local` subscriptions in its own group.
    MQTT_SHARE_GROUP: newShareGroup(),
    // The test database runs in the test's own process and blocks its event loop by design: load
    // shedding by event-loop delay is tested where it is asked for (http/overload.test.ts).
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...overrides,
  });
}

export interface TestApp extends Started {
  clock: Clock & { set(d: Date | string): void; advance(ms: number): void };
}

/** The whole app on a fresh database and broker, with a controllable clock. Close it in afterAll. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    now?: string;
    beforeReady?: (app: Started['app']) => void;
    /** `embedded` forces the in-process broker, for tests of its own rules. */
    broker?: 'default' | 'embedded';
    /** Another database than the test's usual one (closed with the app). */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const config = testConfig(options.env);
  const realtime = await openTestRealtime(options.broker, config.MQTT_SHARE_GROUP);
  const clock = fixedClock(options.now ?? '2026-11-20T04:30:00.000Z');
  const started = await startPetti({ config, database, realtime, clock });
  options.beforeReady?.(started.app);
  await started.app.ready();
  return {
    ...started,
    clock,
    close: async () => {
      await started.close();
      await realtime.close();
      await database.close();
    },
  };
}

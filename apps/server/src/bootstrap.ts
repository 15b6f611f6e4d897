import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.ts';
import type { AppContext } from './app-context.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { loadDemoData } from './db/seed/load-demo-data.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { createRealtime } from './realtime/create-realtime.ts';
import type { Realtime } from './realtime/realtime.ts';

export interface Started {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

export interface StartOptions {
  config: Config;
  /** Reuse an already open database (tests); otherwise one is opened from the config. */
  database?: Database;
  realtime?: Realtime;
  clock?: Clock;
}

/** Opens everything the app needs, in order, and closes it again in reverse. */
export async function startPetti(options: StartOptions): Promise<Started> {
  const { config } = options;
  const log = pino({ level: config.LOG_LEVEL });
  const opened: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const close of opened.reverse())
      await close().catch((err: unknown) => log.error({ err }, 'close failed'));
  };
  try {
    const database =
      options.database ??
      (await openDatabase(
        config.DATABASE_URL
          ? { kind: 'postgres', url: config.DATABASE_URL }
          : { kind: 'pglite', dataDir: join(config.DATA_DIR, 'pglite') },
      ));
    if (!options.database) opened.push(() => database.close());
    if (config.SEED_DEMO) await loadDemoData(database.db);

    const realtime =
      options.realtime ??
      (await createRealtime({
        mqttUrl: config.MQTT_URL,
        tcpPort: config.MQTT_TCP_PORT,
        host: config.HOST,
        log,
      }));
    if (!options.realtime) opened.push(() => realtime.close());

    const ctx: AppContext = { config, database, realtime, clock: options.clock ?? systemClock };
    const app = await buildApp(ctx);
    realtime.attach(app.server);
    opened.push(() => app.close());
    return { app, ctx, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}

import { SERVER_USERNAME, serverPassword } from '@petti/shared/node/device-password';
import { injected, type LockerSim, signedIn, startLockerSim, startShopSim } from '@petti/simulators';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.ts';
import type { AppContext } from './app-context.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { openPgliteProcess } from './db/pglite-process.ts';
import { loadDemoData } from './db/seed/load-demo-data.ts';
import { lockerSites } from './features/lockers/schema.ts';
import { pgliteDataDir } from './paths.ts';
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
      (config.DATABASE_URL
        ? await openDatabase({
            kind: 'postgres',
            url: config.DATABASE_URL,
            poolSize: config.DB_POOL_SIZE,
            poolWaitMs: config.DB_POOL_WAIT_MS,
          })
        : // The embedded database in a process of its own (docs/performance.md#memory); without
          // it nothing can be served, so its loss ends the server and a supervisor starts both again.
          await openPgliteProcess(pgliteDataDir(config.DATA_DIR), {
            poolWaitMs: config.DB_POOL_WAIT_MS,
            onLost: (reason) => {
              log.fatal(reason);
              void closeAll().finally(() => process.exit(1));
            },
          }));
    if (!options.database) opened.push(() => database.close());
    if (config.SEED_DEMO) await loadDemoData(database.db);

    const realtime =
      options.realtime ??
      (await createRealtime({
        mqttUrl: config.MQTT_URL,
        tcpPort: config.MQTT_TCP_PORT,
        host: config.HOST,
        log,
        credentials: { username: SERVER_USERNAME, password: serverPassword(config.DEVICE_KEY) },
        redisUrl: config.REDIS_URL,
        shareGroup: config.MQTT_SHARE_GROUP,
      }));
    if (!options.realtime) opened.push(() => realtime.close());

    const lockerSim: { current: LockerSim | null } = { current: null };
    const ctx: AppContext = { config, database, realtime, clock: options.clock ?? systemClock, lockerSim };
    const app = await buildApp(ctx);
    realtime.attach(app.server);
    opened.push(() => app.close());

    // Locker controllers' messages in; the timer worker; the simulated controllers (docs/lockers.md).
    const { lockerDevices, jobs, liveCheckin } = app.services;
    opened.push(await lockerDevices.listen(realtime));
    // What apps published while offline (curbside check-ins), sent once they were back.
    opened.push(await liveCheckin.listen(realtime));
    await lockerDevices.ensureHousekeeping();
    if (config.JOB_WORKER) {
      // Every feature's timers: bookings, controllers, orders (docs/decisions/0004).
      jobs.start();
      opened.push(() => jobs.stop());
    }
    if (config.SHOP_SIM) {
      // The shops' part of every order, through the shops' own API in-process, signed in as the demo's
      // simulator account, a staff member of every demo shop (docs/shops.md#the-simulator).
      const shopSim = startShopSim({
        request: signedIn(
          async (method, url, body, headers) => {
            const res = await app.inject({ method, url, ...injected(body, headers) });
            return { status: res.statusCode, json: res.body ? (res.json() as unknown) : null };
          },
          { phone: config.SHOP_SIM_PHONE, clientId: config.CLIENT_ID },
        ),
        stepMs: config.SHOP_SIM_STEP_MS,
        log: (line) => log.info(line),
      });
      opened.push(() => shopSim.stop());
    }
    if (config.LOCKER_SIM) {
      const sites = await database.db.select({ id: lockerSites.id }).from(lockerSites);
      const local = realtime.connectLocal?.bind(realtime);
      // The simulator is a convenience: if it cannot start, the server still serves (its hooks answer 503).
      lockerSim.current = await startLockerSim({
        siteIds: sites.map((s) => s.id),
        broker: local ? { connectLocal: local } : { url: config.MQTT_URL! },
        deviceKey: config.DEVICE_KEY,
        heartbeatMs: config.LOCKER_SIM_HEARTBEAT_SECONDS * 1000,
        doorCloseMs: config.LOCKER_SIM_DOOR_CLOSE_SECONDS * 1000,
        now: () => ctx.clock.now(),
        log: (line) => log.warn(line),
      }).catch((err: unknown) => {
        log.error({ err }, 'the locker simulator did not start');
        return null;
      });
      opened.push(async () => {
        await lockerSim.current?.stop();
        lockerSim.current = null;
      });
    }
    return { app, ctx, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}

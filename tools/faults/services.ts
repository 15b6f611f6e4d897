import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { compiledServerArgs } from '../build/server-bundle.ts';
import { freePort } from '../e2e/harness.ts';
import type { Session } from '../e2e/shopper.ts';

/**
 * The fault suite's processes (docs/deploy.md#fault-suite): Petti servers, and a Redis and a
 * Mosquitto of its own that it may kill and start again on the same port without touching the
 * machine's services.
 */

/** A process the suite starts, kills and starts again with the same settings. */
export interface Proc {
  name: string;
  port: number;
  child: ChildProcess | null;
  run: () => ChildProcess;
}

export const alive = (p: Proc) =>
  p.child !== null && p.child.exitCode === null && p.child.signalCode === null;

export function start(p: Proc): void {
  p.child = p.run();
}

export function kill(p: Proc): void {
  p.child?.kill('SIGKILL');
}

/** Frozen where it stands (SIGSTOP): it answers nothing more until `thaw`, or dies frozen by `kill`. */
export function freeze(p: Proc): void {
  p.child?.kill('SIGSTOP');
}

export function thaw(p: Proc): void {
  p.child?.kill('SIGCONT');
}

/** SIGTERM, as an operator stops a process, and wait for it to exit (SIGKILL after 15 s). */
export async function stop(p: Proc): Promise<void> {
  const child = p.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** A Petti server (the compiled one, as deployed). */
export interface Server extends Proc {
  baseUrl: string;
}

export async function server(
  name: string,
  env: Record<string, string>,
  options: { dataDir: string; nodeArgs?: string[] },
): Promise<Server> {
  const port = await freePort();
  return {
    name,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    child: null,
    run: () =>
      spawn(process.execPath, [...(options.nodeArgs ?? []), ...compiledServerArgs()], {
        env: {
          ...process.env,
          NODE_ENV: 'development',
          PORT: String(port),
          DATA_DIR: join(options.dataDir, name),
          MQTT_TCP_PORT: '0',
          LOG_LEVEL: 'error',
          SHOP_SIM: 'false',
          AUTH_IP_CODES_PER_HOUR: '10000',
          // A flow whose process died is undone soon, not after the production two minutes.
          FLOW_LEASE_SECONDS: '5',
          ...env,
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      }),
  };
}

const answers = (url: string) =>
  fetch(url).then(
    (r) => r.ok,
    () => false,
  );

/** Waits for `/api/health/ready` to say 200; false after `ms`. */
export async function becomesReady(s: Server, ms = 90_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await answers(`${s.baseUrl}/api/health/ready`)) return true;
    await delay(250);
  }
  return false;
}

export async function ready(s: Server): Promise<void> {
  if (!(await becomesReady(s))) throw new Error(`${s.name} did not get ready`);
}

export const isReady = (s: Server) => answers(`${s.baseUrl}/api/health/ready`);

/** A Redis of the suite's own (FAULTS_REDIS_SERVER, `redis-server` by default), keeping nothing on disk. */
export async function redis(): Promise<Proc & { url: string }> {
  const port = await freePort();
  const bin = process.env.FAULTS_REDIS_SERVER ?? 'redis-server';
  return {
    name: 'redis',
    port,
    url: `redis://127.0.0.1:${port}`,
    child: null,
    run: () =>
      spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      }),
  };
}

/** A Mosquitto of the suite's own (FAULTS_MOSQUITTO, `mosquitto` by default) that lets anyone in. */
export async function mosquitto(dir: string): Promise<Proc & { url: string }> {
  const port = await freePort();
  const bin = process.env.FAULTS_MOSQUITTO ?? 'mosquitto';
  const conf = join(dir, 'mosquitto.conf');
  await writeFile(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  return {
    name: 'mosquitto',
    port,
    url: `mqtt://127.0.0.1:${port}`,
    child: null,
    run: () => spawn(bin, ['-c', conf], { stdio: 'ignore' }),
  };
}

/** Waits until something accepts connections on the port (a service just started). */
export async function listening(p: Proc, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(p.port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    if (p.child && p.child.exitCode !== null) throw new Error(`${p.name} exited (${p.child.exitCode})`);
    await delay(100);
  }
  throw new Error(`${p.name} is not listening on ${p.port}`);
}

export const call = (at: Server, who: Session, method: string, path: string, body?: unknown, key?: string) =>
  fetch(`${at.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${who.accessToken}`,
      'x-client-id': who.clientId,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { quietQuitRedis } from './quiet-quit-redis.ts';
import { subscriberRedis } from './redis-cluster.ts';

// Nothing listens here, so commands wait in ioredis's offline queue until the connection is dropped.
const NOWHERE = 'redis://127.0.0.1:1';

/** QUIT queued behind another command, then the connection dropped before either was sent. */
async function quitWhileQueued(conn: Redis): Promise<PromiseSettledResult<unknown>> {
  conn.on('error', () => undefined);
  conn.get('waiting').catch(() => undefined);
  const quit = conn.quit();
  conn.disconnect();
  const [settled] = await Promise.allSettled([quit]);
  return settled!;
}

describe('the Redis connections under the embedded broker', () => {
  it('reject a queued QUIT when the connection ends (what ends a process if nobody handles it)', async () => {
    const settled = await quitWhileQueued(new Redis(NOWHERE));
    expect(settled.status).toBe('rejected');
  });

  it('answer a queued QUIT with OK instead, and still end', async () => {
    const conn = quietQuitRedis(NOWHERE);
    const ended = new Promise<void>((resolve) => conn.once('end', () => resolve()));
    const settled = await quitWhileQueued(conn);
    expect(settled).toEqual({ status: 'fulfilled', value: 'OK' });
    await ended;
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('the subscribing connection', () => {
  /** Subscribes the moment the connection opens, before ioredis calls it ready. */
  async function subscribeWhileConnecting(conn: Redis): Promise<string[]> {
    const errors: string[] = [];
    conn.on('error', (e: Error) => errors.push(e.message));
    await new Promise<void>((resolve) =>
      conn.once('connect', () => {
        conn.subscribe('petti-test').catch((e: Error) => errors.push(e.message));
        resolve();
      }),
    );
    await new Promise((r) => setTimeout(r, 500));
    conn.disconnect();
    return errors;
  }

  it('fails its ready check when it subscribes while connecting, with the ready check on', async () => {
    expect(await subscribeWhileConnecting(new Redis(process.env.TEST_REDIS_URL!))).toContain(
      'Connection in subscriber mode, only subscriber commands may be used',
    );
  });

  it('does not, as the embedded broker opens it', async () => {
    expect(await subscribeWhileConnecting(subscriberRedis(process.env.TEST_REDIS_URL!))).toEqual([]);
  });
});

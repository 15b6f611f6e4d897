import { Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis connection for mqemitter-redis. Its close sends QUIT and leaves the promise without a
 * handler, and ioredis rejects a QUIT still queued when the connection ends ("Connection is closed.",
 * ioredis issue 2025: other commands were waiting, Redis was restarting); an unhandled rejection ends
 * a Node process. Here QUIT never rejects; the connection still ends and says so ('end').
 */
export function quietQuitRedis(url: string, options: RedisOptions = {}): Redis {
  const conn = new Redis(url, options);
  const quit = conn.quit.bind(conn);
  conn.quit = (() => quit().catch(() => 'OK' as const)) as typeof conn.quit;
  return conn;
}

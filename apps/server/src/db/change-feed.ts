import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Word from the database that a kind of data changed, as PostgreSQL's LISTEN/NOTIFY carries it: the
 * tables' triggers notify a channel when a statement changes them (migration 0021), and PostgreSQL
 * delivers a notification only once its transaction has committed, to every listening connection,
 * so every process hears of every change whichever process made it (docs/performance.md#reads).
 */
export interface ChangeFeed {
  /**
   * Calls `onChange` after each committed change on `channel`, and whenever the feed was lost (changes
   * may have been missed then). Resolves once listening.
   */
  subscribe(channel: string, onChange: () => void): Promise<void>;
  /** False while the feed is down: whoever caches must not trust what it holds, nor keep anything new. */
  live(): boolean;
  close(): Promise<void>;
}

type Handlers = Map<string, Set<() => void>>;

const add = (handlers: Handlers, channel: string, fn: () => void) => {
  const set = handlers.get(channel) ?? new Set();
  set.add(fn);
  handlers.set(channel, set);
};
const callAll = (handlers: Handlers) => {
  for (const set of handlers.values()) for (const fn of set) fn();
};
/** Channel names are our own constants; quoting keeps them exactly as written. */
const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

/** PGlite is one connection in this process: its notifications arrive with the query that caused them. */
export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  const unlisten: Array<() => Promise<void>> = [];
  return {
    async subscribe(channel, onChange) {
      unlisten.push(await client.listen(channel, () => onChange()));
    },
    live: () => true,
    async close() {
      for (const u of unlisten.splice(0)) await u().catch(() => undefined);
    },
  };
}

/**
 * A pool of exactly one connection to the embedded database's own process (./pglite-process.ts):
 * that connection is the database's only session, so every change is made on it and its
 * notifications arrive there, with the statement that caused them, before that statement's answer.
 * LISTEN is repeated on every new connection, and a new connection after the first means one was
 * lost, perhaps with a notification on it: subscribers are told to start afresh.
 */
export function singleConnectionChangeFeed(pool: pg.Pool, up: () => boolean): ChangeFeed {
  const handlers: Handlers = new Map();
  let connections = 0;
  pool.on('connect', (client) => {
    client.on('notification', (msg) => {
      for (const fn of handlers.get(msg.channel) ?? []) fn();
    });
    for (const channel of handlers.keys()) client.query(`LISTEN ${quoted(channel)}`).catch(() => undefined);
    if (++connections > 1) callAll(handlers);
  });
  return {
    async subscribe(channel, onChange) {
      add(handlers, channel, onChange);
      await pool.query(`LISTEN ${quoted(channel)}`);
    },
    live: up,
    async close() {
      handlers.clear();
    },
  };
}

/** The channel a new listening connection proves itself on. */
const PROBE = 'petti_change_feed_probe';

/** Sends one notification from a connection of its own, as another process would. */
const notifyFrom = (url: string) => async (channel: string, payload: string) => {
  const n = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  n.on('error', () => undefined);
  await n.connect();
  try {
    await n.query('select pg_notify($1, $2)', [channel, payload]);
  } finally {
    await n.end().catch(() => undefined);
  }
};

/**
 * PostgreSQL: one connection of its own that only listens. When it drops, every subscriber is told
 * (what it holds may be stale) and the feed is not live until a new connection listens again.
 *
 * A new connection is live only once a notification sent from another connection has reached it: a
 * pooler in transaction mode (PgBouncer's default) takes LISTEN without complaint and then delivers
 * nothing, and a cache trusting such a feed would never hear of a change (docs/deploy.md).
 */
export function postgresChangeFeed(
  url: string,
  options: {
    retryMs?: number;
    /** How long a new connection waits for its own probe; then it tries again after `unprovenRetryMs`. */
    probeTimeoutMs?: number;
    unprovenRetryMs?: number;
    /** How the probe is sent (tests replace it). */
    notify?: (channel: string, payload: string) => Promise<void>;
  } = {},
): ChangeFeed {
  const retryMs = options.retryMs ?? 1000;
  const probeTimeoutMs = options.probeTimeoutMs ?? 5000;
  const unprovenRetryMs = options.unprovenRetryMs ?? 60_000;
  const notify = options.notify ?? notifyFrom(url);
  /** The probe a connection waits for: its nonce and what to call when it arrives. */
  let probe: { nonce: string; arrived: () => void } | null = null;
  const handlers: Handlers = new Map();
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;

  const lost = (after = retryMs) => {
    const wasListening = listening;
    listening = false;
    const old = client;
    client = null;
    old?.removeAllListeners();
    old?.on('error', () => undefined);
    old?.end().catch(() => undefined);
    if (wasListening) callAll(handlers);
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, after);
      retry.unref();
    }
  };

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      // Pipelined: subscribers asking at once send their LISTENs side by side, which node-postgres
      // otherwise queues with a deprecation warning (./pipelining.ts).
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, pipeline: true });
      c.on('error', () => lost());
      c.on('end', () => {
        if (client === c) lost();
      });
      c.on('notification', (msg) => {
        if (msg.channel === PROBE) {
          if (probe && msg.payload === probe.nonce) probe.arrived();
          return;
        }
        for (const fn of handlers.get(msg.channel) ?? []) fn();
      });
      let deaf = false;
      try {
        await c.connect();
        for (const channel of handlers.keys()) await c.query(`LISTEN ${quoted(channel)}`);
        await c.query(`LISTEN ${quoted(PROBE)}`);
        const nonce = randomUUID();
        const heard = new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), probeTimeoutMs);
          probe = {
            nonce,
            arrived: () => {
              clearTimeout(timer);
              resolve(true);
            },
          };
        });
        await notify(PROBE, nonce).catch(() => undefined);
        deaf = !(await heard);
        probe = null;
        if (deaf) throw new Error('the change feed heard nothing of its own probe');
        if (closed) {
          await c.end();
          return;
        }
        client = c;
        listening = true;
        // Whatever changed while nobody listened is unknown: start afresh.
        callAll(handlers);
      } catch {
        probe = null;
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
        // Connected but deaf (a pooler): no point asking again every second.
        lost(deaf ? unprovenRetryMs : retryMs);
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    async subscribe(channel, onChange) {
      const isNew = !handlers.has(channel);
      add(handlers, channel, onChange);
      if (connecting) await connecting;
      if (client && listening && isNew) await client.query(`LISTEN ${quoted(channel)}`).catch(() => lost());
      else if (!client && !retry) await connect();
    },
    live: () => listening,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (connecting) await connecting.catch(() => undefined);
      listening = false;
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}

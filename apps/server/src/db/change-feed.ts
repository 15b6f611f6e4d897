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
 * PostgreSQL: one connection of its own that only listens. When it drops, every subscriber is told
 * (what it holds may be stale) and the feed is not live until a new connection listens again.
 */
export function postgresChangeFeed(url: string, options: { retryMs?: number } = {}): ChangeFeed {
  const retryMs = options.retryMs ?? 1000;
  const handlers: Handlers = new Map();
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;

  const lost = () => {
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
      }, retryMs);
      retry.unref();
    }
  };

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      c.on('error', () => lost());
      c.on('end', () => {
        if (client === c) lost();
      });
      c.on('notification', (msg) => {
        for (const fn of handlers.get(msg.channel) ?? []) fn();
      });
      try {
        await c.connect();
        for (const channel of handlers.keys()) await c.query(`LISTEN ${quoted(channel)}`);
        if (closed) {
          await c.end();
          return;
        }
        client = c;
        listening = true;
        // Whatever changed while nobody listened is unknown: start afresh.
        callAll(handlers);
      } catch {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
        lost();
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

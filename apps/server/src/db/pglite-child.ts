import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, dumpPglite, openPgliteClient } from './client.ts';
import type { ChildMessage, ParentMessage } from './pglite-messages.ts';
import { serveOverSocket } from './pglite-wire.ts';

/**
 * The embedded database's own process (./pglite-process.ts forks it): PGlite on the data folder,
 * served over PostgreSQL's protocol on a Unix socket. Usage: pglite-child <dataDir> <socketPath>.
 *
 * It lives exactly as long as the server's IPC channel: Ctrl-C and a service manager's SIGTERM reach
 * the whole process group, and the database must stay up while the server finishes its requests, so
 * this process closes PGlite only when the server lets go of it (or dies).
 */
const send = (message: ChildMessage) => process.send?.(message);

async function main(): Promise<void> {
  const [dataDir, socketPath] = process.argv.slice(2);
  if (!process.send || !dataDir || !socketPath) {
    console.error('pglite-child is started by the server (db/pglite-process.ts), not by hand');
    process.exit(2);
  }
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => undefined);
  // Listening from the start: a server that dies while the database opens must not leave it running.
  let close: (() => Promise<void>) | null = null;
  process.on('disconnect', () => void close?.());

  const client = await openPgliteClient(dataDir);
  const wire = await serveOverSocket(client, socketPath);

  let closing: Promise<void> | null = null;
  close = () => {
    closing ??= (async () => {
      await wire.close().catch(() => undefined);
      await client.close().catch(() => undefined);
      // The server made the socket's folder, but may have died before it could remove it.
      await rm(dirname(socketPath), { recursive: true, force: true });
      process.exit(0);
    })();
    return closing;
  };
  if (!process.connected) {
    await close();
    return;
  }

  process.on('message', (message: ParentMessage) => {
    if (message.type === 'memory') {
      send({ type: 'memory', id: message.id, rss: process.memoryUsage.rss() });
      return;
    }
    void (async () => {
      try {
        // A copy taken between the server's transactions, never inside one.
        while (client.isInTransaction()) await sleep(5);
        const blob = await dumpPglite(client);
        send({ type: 'dump', id: message.id, data: new Uint8Array(await blob.arrayBuffer()) });
      } catch (err) {
        send({ type: 'dump', id: message.id, error: describe(err) });
      }
    })();
  });
  send({ type: 'ready' });
}

main().catch((err: unknown) => {
  send({ type: 'failed', message: describe(err) });
  process.exit(1);
});

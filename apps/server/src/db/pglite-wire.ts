import { rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/** Startup-phase request codes (PostgreSQL's protocol, "Message Formats"). */
const PROTOCOL_3 = 196_608;
const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;
const CANCEL_REQUEST = 80_877_102;
/** 'X': the client says goodbye. */
const TERMINATE = 0x58;

/**
 * Bytes up to the end of the next whole message, or 0 while it has not all arrived. A length no
 * message can have (shorter than its own header) is refused: the connection is then closed.
 */
export function nextMessageLength(buffer: Buffer, started: boolean): number {
  // Before the startup message, messages have no type byte: the length comes first.
  const header = started ? 5 : 4;
  if (buffer.length < header) return 0;
  const length = started ? 1 + buffer.readInt32BE(1) : buffer.readInt32BE(0);
  if (length < (started ? 5 : 8)) throw new Error(`a message of ${length} bytes`);
  return buffer.length >= length ? length : 0;
}

/**
 * Serves one PGlite over PostgreSQL's wire protocol on a Unix socket, so a process of its own can be
 * the database and the server reaches it with the same driver as PostgreSQL
 * (docs/performance.md#memory). PGlite is one session: connections are served one at a time, a new
 * one waiting until the one before has closed, and the server's pool holds exactly one.
 */
export async function serveOverSocket(client: PGlite, path: string): Promise<{ close(): Promise<void> }> {
  await rm(path, { force: true });
  const sockets = new Set<Socket>();
  let turn: Promise<void> = Promise.resolve();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.pause();
    socket.once('close', () => sockets.delete(socket));
    turn = turn.then(() => session(client, socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      await turn;
    },
  };
}

/** One connection, from its first byte to its close; resolves once PGlite is free for the next. */
function session(client: PGlite, socket: Socket): Promise<void> {
  return new Promise<void>((resolve) => {
    if (socket.destroyed) return resolve();
    let buffer: Buffer = Buffer.alloc(0);
    let started = false;
    let open = true;
    let work: Promise<void> = Promise.resolve();

    const write = (data: Uint8Array) => {
      // PGlite hands out a view of its own memory, reused by the next message: copy before queueing.
      if (open && data.length > 0) socket.write(Buffer.from(data));
    };

    const handle = async (message: Buffer) => {
      if (!started) {
        const code = message.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          // No encryption on a socket only this machine's owner can open.
          socket.write('N');
          return;
        }
        if (code === CANCEL_REQUEST || code !== PROTOCOL_3) {
          socket.end();
          return;
        }
        started = true;
      } else if (message[0] === TERMINATE) {
        socket.end();
        return;
      }
      await client.runExclusive(() => client.execProtocolRawStream(message, { onRawData: write }));
    };

    const drain = async () => {
      for (;;) {
        const length = nextMessageLength(buffer, started);
        if (!open || length === 0) return;
        const message = buffer.subarray(0, length);
        buffer = buffer.subarray(length);
        await handle(message);
      }
    };

    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      work = work.then(drain).catch(() => {
        socket.destroy();
      });
    });
    socket.on('error', () => socket.destroy());
    socket.once('close', () => {
      open = false;
      work = work
        .then(async () => {
          // Whatever the closed connection left open must not hold the next one's writes.
          if (client.isInTransaction()) await client.exec('ROLLBACK');
          // The next connection starts with no prepared statements, as on PostgreSQL: its client
          // names statements afresh (./named-statements.ts) and would meet this one's.
          await client.exec('DEALLOCATE ALL');
        })
        .catch(() => undefined);
      void work.then(() => resolve());
    });
    socket.setNoDelay(true);
    socket.resume();
  });
}

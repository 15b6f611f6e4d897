/**
 * What the lockers benchmark (lockers.ts) and its client processes (mqtt-clients.ts) say to each
 * other over the fork's IPC channel: `connect` (whom to connect; answers `connected`), `report`
 * (answers `received`, every booking's event a client heard, as `event bookingId`, with when it
 * arrived), `close`. Times are `process.hrtime` in milliseconds: the system's monotonic clock, the
 * same in every process, so an arrival in one process is comparable with a hand-over in another.
 */
export interface ClientSpec {
  /** Where to connect: the server's WebSocket /mqtt, or an external broker's address. */
  url: string;
  username: string;
  password: string;
  topic: string;
}
export type ToClients = { type: 'connect'; clients: ClientSpec[] } | { type: 'report' } | { type: 'close' };
export type FromClients =
  | { type: 'connected'; count: number }
  | { type: 'received'; events: Array<{ id: string; at: number }> }
  | { type: 'failed'; message: string };

export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** What the server asks of the embedded database's process (./pglite-child.ts), over IPC. */
export type ParentMessage = { type: 'dump'; id: number } | { type: 'memory'; id: number };

/** What that process answers, and says of itself. */
export type ChildMessage =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'dump'; id: number; data: Uint8Array }
  | { type: 'dump'; id: number; error: string }
  | { type: 'memory'; id: number; rss: number };

/**
 * The eight real-time connection states (docs/product.md#real-time-connection), derived from the network
 * state, the actual connection, the intended state and keep-alive health. Pure, for the tests.
 */
export const CONNECTION_STATES = [
  'Connected',
  'ConnectedPendingNetwork',
  'ConnectionDisrupted',
  'ConnectionDisruptedPendingNetwork',
  'Connecting',
  'ConnectedPendingDisconnect',
  'Disconnected',
  'ConnectedPendingKeepAlive',
] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export interface ConnectionFacts {
  /** navigator.onLine and its events. */
  networkOnline: boolean;
  /** What the socket really is. */
  connection: 'connected' | 'connecting' | 'disconnected';
  /** Whether we want to be connected (signed in) or not (signed out, closing). */
  intended: 'connected' | 'disconnected';
  /** False while a keep-alive ping has gone unanswered. */
  keepAliveHealthy: boolean;
  /** Why the last attempt to connect failed, if it did (cleared on connect). */
  lastError?: string;
}

export function deriveConnectionState(f: ConnectionFacts): ConnectionState {
  if (f.intended === 'disconnected') {
    return f.connection === 'disconnected' ? 'Disconnected' : 'ConnectedPendingDisconnect';
  }
  if (f.connection === 'connecting') return 'Connecting';
  if (f.connection === 'disconnected') {
    return f.networkOnline ? 'ConnectionDisrupted' : 'ConnectionDisruptedPendingNetwork';
  }
  if (!f.networkOnline) return 'ConnectedPendingNetwork';
  if (!f.keepAliveHealthy) return 'ConnectedPendingKeepAlive';
  return 'Connected';
}

/** Live updates are flowing: nothing to tell the user. Signed out is not "down" either. */
export function isLiveHealthy(state: ConnectionState): boolean {
  return state === 'Connected' || state === 'Disconnected' || state === 'Connecting';
}

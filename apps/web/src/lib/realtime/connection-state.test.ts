import { describe, expect, it } from 'vitest';
import { type ConnectionFacts, deriveConnectionState, isLiveHealthy } from './connection-state.ts';

const up: ConnectionFacts = {
  networkOnline: true,
  connection: 'connected',
  intended: 'connected',
  keepAliveHealthy: true,
};

describe('deriveConnectionState', () => {
  it.each([
    [{}, 'Connected'],
    [{ networkOnline: false }, 'ConnectedPendingNetwork'],
    [{ keepAliveHealthy: false }, 'ConnectedPendingKeepAlive'],
    [{ connection: 'connecting' }, 'Connecting'],
    [{ connection: 'disconnected' }, 'ConnectionDisrupted'],
    [{ connection: 'disconnected', networkOnline: false }, 'ConnectionDisruptedPendingNetwork'],
    [{ intended: 'disconnected' }, 'ConnectedPendingDisconnect'],
    [{ intended: 'disconnected', connection: 'disconnected' }, 'Disconnected'],
  ] as const)('%o → %s', (change, expected) => {
    expect(deriveConnectionState({ ...up, ...change })).toBe(expected);
  });

  it('tells the user only when updates are really down', () => {
    expect(isLiveHealthy('Connected')).toBe(true);
    expect(isLiveHealthy('Disconnected')).toBe(true);
    expect(isLiveHealthy('ConnectionDisrupted')).toBe(false);
    expect(isLiveHealthy('ConnectedPendingNetwork')).toBe(false);
    expect(isLiveHealthy('ConnectedPendingKeepAlive')).toBe(false);
  });
});

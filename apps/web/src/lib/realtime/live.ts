import { api } from '../api.ts';
import { authEvents } from '../auth-events.ts';
import { getAccessToken, getLastUser, tokenExpiresAt } from '../auth-storage.ts';
import { deviceSessionId } from '../device-session.ts';
import { createLiveClient } from './live-client.ts';
import { connectMqtt } from './mqtt-socket.ts';
import { createOfflineBuffer } from './offline-buffer.ts';

/** A token this close to expiry is renewed before connecting (the broker checks it at connect). */
const RENEW_BEFORE_MS = 60_000;

/** What the app publishes waits here until the broker has it (docs/product.md#real-time-connection). */
export const liveBuffer = createOfflineBuffer();

/** The app's one real-time connection: MQTT 3.1.1 over WebSocket (mqtt-socket.ts). */
export const live = createLiveClient({
  connect: async (url, options) => connectMqtt(url, options),
  url: () => `${window.location.origin.replace(/^http/, 'ws')}/mqtt`,
  credentials: async (options) => {
    const userId = getLastUser();
    if (!userId) return null;
    let token = getAccessToken(userId);
    const expiresAt = token ? tokenExpiresAt(token) : null;
    if (options?.renew || !token || (expiresAt !== null && expiresAt - api.serverNow() < RENEW_BEFORE_MS)) {
      token = await api.renewSession();
    }
    return token ? { userId, token } : null;
  },
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
  msUntilRenewal: (token) => {
    const expiresAt = tokenExpiresAt(token);
    return expiresAt === null ? null : expiresAt - api.serverNow() - RENEW_BEFORE_MS;
  },
  buffer: liveBuffer,
  currentUser: () => getLastUser(),
  sessionId: () => deviceSessionId(),
});

// What this user left unsent is not sent for whoever signs in next.
authEvents.on('signedOut', () => live.clearBuffer());

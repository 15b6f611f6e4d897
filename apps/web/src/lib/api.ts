import { createApiClient } from './api-client.ts';
import { deviceSessionId } from './device-session.ts';
import { takeEarlyResponse } from './early-requests.ts';
import { i18n } from './i18n/index.ts';
import { endLocalSession, endReasonForFailedRenewal } from './session.ts';
import { localStore } from './storage.ts';
import { toast } from './ui/toast-store.ts';

/** Runs `fn` under a lock every tab of this origin shares, where the browser has the Web Locks API. */
function withTabLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(name, fn) as Promise<T>) : fn();
}

/** The app's API client: `/api` on this origin, the session in localStorage. */
export const api = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  storage: localStore,
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
  lock: withTabLock,
  sessionId: () => deviceSessionId(),
  early: (url, headers) => takeEarlyResponse(url, headers),
  messages: {
    offline: () => i18n.t('errors.offline'),
    network: () => i18n.t('errors.network'),
    timeout: () => i18n.t('errors.timeout'),
  },
  onSessionEnded: () => endLocalSession(endReasonForFailedRenewal()),
  // One notice however many calls wait (docs/deploy.md#overload).
  onBusy: () => toast.info(i18n.t('errors.busyRetrying'), { id: 'api-busy' }),
});

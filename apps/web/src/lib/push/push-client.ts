import type { PushPreferences } from '@petti/shared/schemas/push';
import { api } from '../api.ts';
import { authEvents } from '../auth-events.ts';
import { i18n } from '../i18n/index.ts';

/**
 * Alerts outside the app on this browser (docs/alerts.md): the permission, the push subscription and
 * the server's copy of it. The service worker shows what arrives (public/push-sw.js).
 */
export type AlertsState = 'unsupported' | 'denied' | 'off' | 'on';

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

export async function alertsState(): Promise<AlertsState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  // Not `ready`: a worker still installing (or none at all) must not keep the screen waiting.
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  return sub ? 'on' : 'off';
}

/** `applicationServerKey` wants the raw key bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission (only ever from a tap), subscribes this browser with the server's key and
 * gives the subscription to the server. Answers the state it ended in; throws when the browser's
 * push service could not be reached.
 */
export async function turnOnAlerts(): Promise<AlertsState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const reg = await registration();
  const { publicKey } = await api.get<{ publicKey: string }>('/push/key', { auth: false });
  const existing = await reg.pushManager.getSubscription();
  const sub =
    existing ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await api.post<void>('/push/subscriptions', sub.toJSON());
  return 'on';
}

export async function turnOffAlerts(): Promise<AlertsState> {
  if (!pushSupported()) return 'unsupported';
  const sub = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
  if (sub) {
    await api
      .delete<void>('/push/subscriptions', { body: { endpoint: sub.endpoint } })
      .catch(() => undefined);
    await sub.unsubscribe();
  }
  return alertsState();
}

export const getAlertPreferences = (signal?: AbortSignal) =>
  api.get<PushPreferences>('/push/preferences', { signal });
export const saveAlertPreferences = (prefs: PushPreferences) =>
  api.put<PushPreferences>('/push/preferences', prefs);

/**
 * The service worker cannot read the app's storage, so the language its alerts are shown in is kept
 * where it can: a tiny entry in Cache Storage.
 */
export const ALERTS_LANGUAGE_CACHE = 'petti-alerts-language';
export async function tellServiceWorkerLanguage(language: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(ALERTS_LANGUAGE_CACHE);
  await cache.put('/__alerts-language', new Response(language));
}

if (typeof window !== 'undefined') {
  i18n.on(
    'languageChanged',
    (language: string) => void tellServiceWorkerLanguage(language).catch(() => undefined),
  );
  if (i18n.resolvedLanguage) void tellServiceWorkerLanguage(i18n.resolvedLanguage).catch(() => undefined);
}

// Signed out: this browser's subscription goes too (the server already forgot it with the session).
if (typeof window !== 'undefined') {
  authEvents.on('signedOut', () => {
    if (!pushSupported()) return;
    void navigator.serviceWorker.getRegistration().then(async (reg) => {
      const sub = await reg?.pushManager.getSubscription();
      await sub?.unsubscribe();
    });
  });
}

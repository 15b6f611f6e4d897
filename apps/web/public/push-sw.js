/*
 * Alerts outside the app (docs/alerts.md), imported into the generated service worker. A push carries
 * the alert's words in English and Tamil and the page a tap opens; the worker shows it in the app's
 * language (kept by the app in Cache Storage, since a worker cannot read the page's storage). One
 * notification per alert id: a repeat replaces rather than doubles.
 */
const ALERTS_LANGUAGE_CACHE = 'petti-alerts-language';

async function alertsLanguage() {
  try {
    const cache = await caches.open(ALERTS_LANGUAGE_CACHE);
    const answer = await cache.match('/__alerts-language');
    return answer && (await answer.text()) === 'ta' ? 'ta' : 'en';
  } catch {
    return 'en';
  }
}

self.addEventListener('push', (event) => {
  let alert = null;
  try {
    alert = event.data ? event.data.json() : null;
  } catch {
    alert = null;
  }
  if (!alert?.title || !alert.body) return;
  event.waitUntil(
    alertsLanguage().then((language) =>
      self.registration.showNotification(alert.title[language] || alert.title.en, {
        body: alert.body[language] || alert.body.en,
        tag: alert.id,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        lang: language,
        data: {
          url: typeof alert.url === 'string' && alert.url.startsWith('/') ? alert.url : '/notifications',
        },
      }),
    ),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const url = new URL(data.url || '/notifications', self.location.origin).href;
  const opening = (async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
    if (!open) return self.clients.openWindow(url);
    // Focusing may be refused (no user gesture behind the event); the page still goes where asked.
    await open.focus().catch(() => undefined);
    return open.navigate(url);
  })();
  // Started before waitUntil, so the page opens even where the event cannot be extended.
  try {
    event.waitUntil(opening);
  } catch {
    // an event the browser did not dispatch itself cannot be extended
  }
});

// The browser replaced the subscription (keys rotated, expired): subscribe again if it did not, and
// let Petti follow, vouched for by the old endpoint (the worker has no sign-in token).
self.addEventListener('pushsubscriptionchange', (event) => {
  const old = event.oldSubscription;
  const renewing = (async () => {
    if (!old) return;
    const next =
      event.newSubscription ||
      (await self.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: old.options.applicationServerKey,
      }));
    await fetch('/api/push/subscriptions/renew', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oldEndpoint: old.endpoint, subscription: next.toJSON() }),
    });
  })();
  try {
    event.waitUntil(renewing);
  } catch {
    // an event the browser did not dispatch itself cannot be extended
  }
});

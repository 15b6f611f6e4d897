import { EVENTS } from '@petti/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../api.ts';
import { getLastUser, subscribeSession } from '../auth-storage.ts';
import { useTranslation } from '../i18n/react.tsx';
import { toast } from '../ui/toast-store.ts';
import { isFromThisDevice } from './index.ts';
import { live } from './live.ts';
import { eventText, eventVariant, isSilent } from './live-event.ts';

/** Query keys other devices' events make stale (see the conventions in index.ts). */
const SHARED_KEYS = [['bookings'], ['payments'], ['subscriptions'], ['orders'], ['shops']] as const;

/**
 * Keeps the real-time connection open while someone is signed in on this device, and does what every
 * event needs whatever screen is showing: a toast, and fresh data. Mounted once, in app/providers.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const userId = useSyncExternalStore(
    subscribeSession,
    () => getLastUser(),
    () => null,
  );

  useEffect(() => {
    if (!userId) {
      live.stop();
      return;
    }
    live.start();
    return () => live.stop();
  }, [userId]);

  useEffect(() => {
    const online = () => live.setNetworkOnline(true);
    const offline = () => live.setNetworkOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, []);

  // Events published while the connection was down are not replayed: refetch what they would have.
  useEffect(() => {
    let connection = live.facts.getState().connection;
    let connectedBefore = connection === 'connected';
    return live.facts.subscribe((facts) => {
      const was = connection;
      connection = facts.connection;
      if (connection !== 'connected' || was === 'connected') return;
      if (connectedBefore) {
        for (const key of [...SHARED_KEYS, ['notifications']])
          void queryClient.invalidateQueries({ queryKey: key });
      }
      connectedBefore = true;
    });
  }, [queryClient]);

  useEffect(
    () =>
      live.subscribe((e) => {
        // Signed out here or everywhere from another device: a session that cannot be renewed ends on
        // this device at once (api.ts clears it and the guard goes to /login); one still good carries on.
        if (e.event === EVENTS.sessionEnded) {
          void api.renewSession().catch(() => undefined);
          return;
        }
        // A shop changed products someone has open: those are read again, quietly (nothing of the
        // user's own changed, and the page shows the new price itself).
        if (e.event === EVENTS.shopProductsChanged) {
          void queryClient.invalidateQueries({ queryKey: ['products'] });
          return;
        }
        // A site closed, reopened, offline or back: whoever has the sites open reads them again.
        if (e.event === EVENTS.lockerSitesChanged) {
          void queryClient.invalidateQueries({ queryKey: ['lockerSites'] });
          // A booking there shows its site's state (offline, back) too.
          void queryClient.invalidateQueries({ queryKey: ['bookings'] });
          return;
        }
        void queryClient.invalidateQueries({ queryKey: ['notifications'] });
        // A request sent from the offline buffer had no HTTP answer here: its refusal is said here too.
        if (isFromThisDevice(e) && e.event !== EVENTS.liveRequestRefused) return;
        for (const key of SHARED_KEYS) void queryClient.invalidateQueries({ queryKey: key });
        if (isSilent(e)) return;
        const text = eventText(e, i18n.resolvedLanguage === 'ta' ? 'ta' : 'en');
        // One toast per thing the news is about (an order, a booking; a payment names what it paid
        // for): the latest replaces the one before, so a burst of steps never stacks over the screen.
        const about = e.data.bookingId ?? e.data.orderId ?? e.data.subjectId ?? e.data.id;
        const id = about ? `live-${String(about)}` : `live-${e.event}`;
        if (text) toast(text, { variant: eventVariant(e), id });
      }),
    [queryClient, i18n],
  );

  return null;
}

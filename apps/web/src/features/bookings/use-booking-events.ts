import { EVENTS } from '@petti/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { bookingKeys, bookingPath } from '../../lib/bookings/bookings.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { eventText, type LiveEvent, useLiveEvents } from '../../lib/realtime/index.ts';
import { cancelAllDialogs } from '../../lib/ui/dialog-store.ts';
import { toast } from '../../lib/ui/toast-store.ts';
import { sitesKey } from './api/bookings-api.ts';
import { paymentOf } from './use-booking-actions.ts';

/**
 * Events that refuse a booking request: the confirm popup closes with their message
 * (docs/product.md#event-names).
 */
const REFUSALS = new Set<string>([EVENTS.UserNotEnable, EVENTS.lockerOffline]);
/** Events that carry a payment to make now. */
const PRICING = new Set<string>([EVENTS.availableLockerFound, EVENTS.updateExpiredBookingTaskToken]);

function bookingIdOf(e: LiveEvent): string | null {
  const id = e.data.bookingId ?? (e.data.booking as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : null;
}

/**
 * What the locker screens do with real-time events. The realtime layer already shows a toast for
 * each; here a booking's own views refresh, a refusal closes the confirm popup, and a locker found
 * for a waitlisted request opens its payment step.
 */
export function useBookingEvents(onRefused?: (message: string) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  useLiveEvents((e, meta) => {
    const id = bookingIdOf(e);
    if (id) {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: ['bookings', 'list'] });
      void queryClient.invalidateQueries({ queryKey: sitesKey });
    }
    const message = eventText(e, i18n.resolvedLanguage === 'ta' ? 'ta' : 'en') ?? '';
    if (REFUSALS.has(e.event) && meta.fromThisDevice) {
      cancelAllDialogs();
      onRefused?.(message);
    }
    const payment = paymentOf(e.data.payment);
    // Pricing events (a locker found for the waitlist, overstay due) open the payment step
    // (docs/product.md#event-names).
    if ((e.data.isRequirePricing || e.data.isRequirePrice) && payment && id && PRICING.has(e.event)) {
      const siteId = typeof e.data.siteId === 'string' ? e.data.siteId : '';
      const text =
        e.event === EVENTS.availableLockerFound
          ? t('lockers.lockerFoundPay')
          : message || t('lockers.overstayTitle');
      toast.info(text, {
        // The same id as the real-time layer's toast for this event, so this one replaces it.
        id: `live-${e.event}-${id}`,
        timeoutMs: 0,
        actions: [{ label: t('lockers.pay'), onClick: () => navigate(bookingPath({ id, siteId })) }],
      });
    }
  });
}

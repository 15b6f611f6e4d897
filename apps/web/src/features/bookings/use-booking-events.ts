import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type LiveEvent, useLiveEvents } from '../../lib/realtime/index.ts';
import { cancelAllDialogs } from '../../lib/ui/dialog-store.ts';
import { toast } from '../../lib/ui/toast-store.ts';
import { bookingKeys, sitesKey } from './api/bookings-api.ts';
import { bookingPath, paymentOf } from './use-booking-actions.ts';

/** Events that refuse a booking request: the confirm popup closes with their message (seed §8). */
const REFUSALS = new Set(['UserNotEnable', 'lockerOffline']);

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
    const message = (i18n.resolvedLanguage === 'ta' ? e.data.msg : e.data.message) ?? e.data.message ?? '';
    if (REFUSALS.has(e.event) && meta.fromThisDevice) {
      cancelAllDialogs();
      onRefused?.(message);
    }
    const payment = paymentOf(e.data.payment);
    if (
      e.event === 'availableLockerFound' &&
      (e.data.isRequirePricing || e.data.isRequirePrice) &&
      payment &&
      id
    ) {
      const siteId = typeof e.data.siteId === 'string' ? e.data.siteId : '';
      toast.info(t('lockers.lockerFoundPay'), {
        id: `found-${id}`,
        timeoutMs: 0,
        actions: [{ label: t('lockers.pay'), onClick: () => navigate(bookingPath({ id, siteId })) }],
      });
    }
  });
}

import { formatRupees } from '@petti/shared/rules/money';
import type { Booking } from '@petti/shared/schemas/lockers';
import { isApiError } from '../../lib/api-error.ts';
import { bookingPath } from '../../lib/bookings/bookings.ts';
import type { PaymentHandle } from '../../lib/checkout/checkout.ts';
import { useDateFormat } from '../../lib/date-format.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { confirm } from '../../lib/ui/dialog-store.ts';
import { toast } from '../../lib/ui/toast-store.ts';
import {
  useCancelBooking,
  useEndBooking,
  useExtendBooking,
  useMoveBooking,
  useRenewPin,
  useUnlockBooking,
} from './api/bookings-api.ts';

function paymentOf(value: unknown): PaymentHandle | null {
  const p = value as Partial<PaymentHandle> | null | undefined;
  return p && typeof p.id === 'string' && typeof p.providerOrderId === 'string' ? (p as PaymentHandle) : null;
}

/** Every action on one booking, with its confirmations, toasts and error messages. */
export function useBookingActions(booking: Booking) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const fmt = useDateFormat();
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const unlock = useUnlockBooking();
  const renew = useRenewPin();
  const end = useEndBooking();
  const cancel = useCancelBooking();
  const extend = useExtendBooking();
  const move = useMoveBooking();
  const label = booking.locker?.label ?? '';

  const pay = async (payment: PaymentHandle) => {
    // The checkout's code comes when something is paid for, not with the dashboard's first screen
    // (docs/performance.md#first-screen-javascript-budgets).
    const { startCheckout } = await import('../../lib/checkout/checkout.ts');
    const outcome = await startCheckout(payment, {
      returnTo: bookingPath(booking),
      description: t('lockers.sizeAt', { size: booking.size, site: booking.site.name[lang] }),
    });
    if (outcome.status === 'failed') toast.error(outcome.message ?? t('errors.unknown'));
  };

  /** An overstay due answers 402 with the payment to make: go straight to it. */
  const failed = async (error: unknown) => {
    const payment =
      isApiError(error) && error.code === 'OverstayUnpaid' ? paymentOf(error.details.payment) : null;
    if (payment) return pay(payment);
    toast.error(errorText(error), { id: `booking-${booking.id}` });
  };

  return {
    pay,
    opening: unlock.isPending,
    open: async () => {
      try {
        await unlock.mutateAsync({ id: booking.id });
        toast.info(t('lockers.openSent', { label }), { id: `open-${booking.id}` });
      } catch (error) {
        // The site is out of reach: say what still opens it, not "choose another site".
        if (isApiError(error) && error.code === 'lockerOffline')
          toast.error(t('lockers.openOffline'), { id: `booking-${booking.id}` });
        else await failed(error);
      }
    },
    renewing: renew.isPending,
    renewPin: async () => {
      try {
        await renew.mutateAsync({ id: booking.id });
        toast.success(t('lockers.pinRenewed'), { id: `pin-${booking.id}` });
      } catch (error) {
        await failed(error);
      }
    },
    ending: end.isPending,
    end: async () => {
      const answer = await confirm({
        title: t('lockers.endConfirmTitle'),
        message: t('lockers.endConfirmBody'),
        confirmLabel: t('lockers.end'),
        // Not "Cancel": beside a booking, that reads as cancelling the booking.
        cancelLabel: t('lockers.keepUsing'),
      });
      if (answer !== 'confirm') return;
      try {
        await end.mutateAsync({ id: booking.id });
        toast.success(t('lockers.endedToast'), { id: `end-${booking.id}` });
      } catch (error) {
        await failed(error);
      }
    },
    cancelling: cancel.isPending,
    cancel: async (refundNote: string) => {
      const answer = await confirm({
        title: t('lockers.cancelConfirmTitle'),
        message: refundNote,
        confirmLabel: t('lockers.cancel'),
        cancelLabel: t('lockers.keepBooking'),
      });
      if (answer !== 'confirm') return;
      try {
        const { refund } = await cancel.mutateAsync({ id: booking.id });
        toast.success(
          refund.amountPaise > 0
            ? `${t('lockers.cancelledToast')} ${t('lockers.refunded', { amount: formatRupees(refund.amountPaise) })}`
            : t('lockers.cancelledToast'),
          { id: `cancel-${booking.id}` },
        );
      } catch (error) {
        await failed(error);
      }
    },
    extending: extend.isPending,
    extend: async (hours: number) => {
      try {
        const next = await extend.mutateAsync({ id: booking.id, hours });
        const payment = paymentOf(next.payment);
        if (payment && next.pendingExtension) await pay(payment);
        else toast.success(t('lockers.extended'), { id: `extend-${booking.id}` });
      } catch (error) {
        await failed(error);
      }
    },
    moving: move.isPending,
    move: async (startAt: string): Promise<boolean> => {
      try {
        const next = await move.mutateAsync({ id: booking.id, startAt });
        toast.success(t('lockers.moved', { time: fmt.dateTime(next.startsAt) }), {
          id: `move-${booking.id}`,
        });
        return true;
      } catch (error) {
        await failed(error);
        return false;
      }
    },
  };
}

export type BookingActions = ReturnType<typeof useBookingActions>;
export { paymentOf };

import type { Booking, CreateBookingBody } from '@petti/shared/schemas/lockers';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { bookingPath } from '../../lib/bookings/bookings.ts';
import { startCheckout } from '../../lib/checkout/checkout.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { useCreateBooking } from './api/bookings-api.ts';
import { paymentOf } from './use-booking-actions.ts';

/**
 * Book, then go where the answer leads: to the checkout when there is something to pay, else to the
 * booking's status (reserved by a plan, or waitlisted with offers). One idempotency key per request
 * body, so a double tap or a retried request never makes two bookings.
 */
export function useBook() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateBooking();
  const keys = useRef(new Map<string, string>());
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';

  const book = async (body: CreateBookingBody): Promise<Booking> => {
    const signature = JSON.stringify(body);
    let key = keys.current.get(signature);
    if (!key) {
      key = crypto.randomUUID();
      keys.current.set(signature, key);
    }
    const booking = await create.mutateAsync({ body, idempotencyKey: key });
    const payment = paymentOf(booking.payment);
    if (payment && booking.state === 'awaiting_payment') {
      const outcome = await startCheckout(payment, {
        returnTo: bookingPath(booking),
        description: t('lockers.sizeAt', { size: booking.size, site: booking.site.name[lang] }),
      });
      // testpay leaves the page; Razorpay's modal returns here with the outcome.
      if (outcome.status !== 'redirected') navigate(bookingPath(booking));
    } else {
      navigate(bookingPath(booking));
    }
    return booking;
  };

  return { book, pending: create.isPending };
}

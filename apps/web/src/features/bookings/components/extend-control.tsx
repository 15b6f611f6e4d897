import { formatRupees } from '@petti/shared/rules/money';
import type { Booking } from '@petti/shared/schemas/lockers';
import { type FormEvent, useState } from 'react';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { useExtensionQuote } from '../api/bookings-api.ts';
import { extensionChoices } from '../booking-view.ts';
import { LockerPrice } from './locker-price.tsx';

/**
 * Picks how many hours to add to a booking, shows what they cost (and what the plan covers) as
 * booking does, and starts paying for them.
 */
export function ExtendControl({
  booking,
  onExtend,
  extending,
}: {
  booking: Booking;
  onExtend: (hours: number) => Promise<void>;
  extending: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const choices = extensionChoices(booking);
  const [hours, setHours] = useState(choices[0] ?? 1);
  const quote = useExtensionQuote(booking.id, choices.length > 0 ? hours : null);
  if (choices.length === 0) return <p className="form-note">{t('lockers.extendNone')}</p>;
  const amount = quote.data && quote.data.durationHours === hours ? quote.data.amountPaise : null;
  return (
    <form
      className="extend-control"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void onExtend(hours);
      }}
    >
      <label className="field__label" htmlFor={`extend-${booking.id}`}>
        {t('lockers.extendHours')}
      </label>
      <div className="extend-control__row">
        <select
          id={`extend-${booking.id}`}
          className="input"
          value={hours}
          onChange={(e) => setHours(Number(e.target.value))}
        >
          {choices.map((h) => (
            <option key={h} value={h}>
              {t('lockers.hoursOption', { count: h })}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="button button--secondary"
          disabled={extending || amount === null}
          data-testid="extend-booking"
        >
          {amount
            ? t('lockers.extendAndPay', { count: hours, amount: formatRupees(amount) })
            : t('lockers.extendPay', { count: hours })}
        </button>
      </div>
      <div className="price-box" data-testid="extend-price" aria-live="polite">
        {quote.isError ? (
          <p className="field__error">
            {t('lockers.quoteFailed')} {errorText(quote.error)}
          </p>
        ) : quote.data ? (
          <LockerPrice quote={quote.data} />
        ) : (
          <LoadingLine />
        )}
      </div>
    </form>
  );
}

import type { Booking } from '@petti/shared/schemas/lockers';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { extensionChoices } from '../booking-view.ts';

/** Picks how many hours to add to a booking and starts paying for them. */
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
  const choices = extensionChoices(booking);
  const [hours, setHours] = useState(choices[0] ?? 1);
  if (choices.length === 0) return <p className="form-note">{t('lockers.extendNone')}</p>;
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
          disabled={extending}
          data-testid="extend-booking"
        >
          {t('lockers.extendPay', { count: hours })}
        </button>
      </div>
    </form>
  );
}

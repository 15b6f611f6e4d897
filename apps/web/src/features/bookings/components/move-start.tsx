import type { Booking } from '@petti/shared/schemas/lockers';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { startWindow, toLocalInput } from '../booking-view.ts';

/** Moves a scheduled booking's start, within the window a booking may start in. */
export function MoveStart({
  booking,
  nowMs,
  onMove,
  moving,
}: {
  booking: Booking;
  nowMs: number;
  onMove: (startAt: string) => Promise<boolean>;
  moving: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(() => toLocalInput(Date.parse(booking.startsAt)));
  const [error, setError] = useState<string | null>(null);
  const window = startWindow(nowMs);
  if (!open) {
    return (
      <button type="button" className="button button--ghost button--small" onClick={() => setOpen(true)}>
        {t('lockers.moveStart')}
      </button>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const at = new Date(value).getTime();
    if (!Number.isFinite(at) || at < window.min || at > window.max) {
      setError(t('lockers.startInvalid'));
      return;
    }
    setError(null);
    if (await onMove(new Date(at).toISOString())) setOpen(false);
  };
  return (
    <form className="extend-control" onSubmit={(e) => void submit(e)}>
      <label className="field__label" htmlFor={`move-${booking.id}`}>
        {t('lockers.startAt')}
      </label>
      <div className="extend-control__row">
        <input
          id={`move-${booking.id}`}
          className="input"
          type="datetime-local"
          value={value}
          min={toLocalInput(window.min)}
          max={toLocalInput(window.max)}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
        <button type="submit" className="button button--secondary" disabled={moving}>
          {t('lockers.moveSave')}
        </button>
      </div>
      {error && <p className="field__error">{error}</p>}
    </form>
  );
}

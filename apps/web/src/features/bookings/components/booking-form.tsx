import { BOOKING_DURATIONS_HOURS, type LockerSize } from '@petti/shared/constants';
import { formatRupees } from '@petti/shared/rules/money';
import { nextOpeningAt } from '@petti/shared/rules/site-hours';
import type { LockerSite } from '@petti/shared/schemas/lockers';
import { type FormEvent, useState } from 'react';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { confirm } from '../../../lib/ui/dialog-store.ts';
import { FormAlert } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { useServerNow } from '../../../lib/use-server-now.ts';
import { useQuote } from '../api/bookings-api.ts';
import { startWindow, toLocalInput } from '../booking-view.ts';
import { useBook } from '../use-book.ts';
import { LockerPrice } from './locker-price.tsx';

/**
 * Size (with what fits), duration, now or later, a low locker; the price with the plan applied; book.
 * `refusal` is a refusal event's message (docs/product.md#event-names); the request's own error, when there
 * is one, says the same, so only one of them shows.
 */
export function BookingForm({
  site,
  refusal = null,
  onSubmitting,
}: {
  site: LockerSite;
  refusal?: string | null;
  onSubmitting?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const fmt = useDateFormat();
  const errorText = useErrorText();
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const nowMs = useServerNow(false);
  // A site closed now cannot start a booking now: the form starts at its next opening instead.
  const opensMs = site.openNow
    ? null
    : Math.max(nextOpeningAt(site.hours, new Date(nowMs)).getTime(), startWindow(nowMs).min);
  const firstFree = site.sizes.find((s) => s.free > 0)?.size ?? site.sizes[0]?.size ?? 'M';
  const [size, setSize] = useState<LockerSize>(firstFree);
  const [hours, setHours] = useState<number>(BOOKING_DURATIONS_HOURS[0]);
  const [later, setLater] = useState(opensMs !== null);
  const [startLocal, setStartLocal] = useState(() => toLocalInput(opensMs ?? nowMs + 60 * 60_000));
  const [preferLow, setPreferLow] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const { book, pending } = useBook();

  const window = startWindow(nowMs);
  const startMs = later ? new Date(startLocal).getTime() : null;
  const startValid =
    startMs === null || (Number.isFinite(startMs) && startMs >= window.min && startMs <= window.max);
  const startAt = startMs !== null && startValid ? new Date(startMs).toISOString() : undefined;
  const quote = useQuote(startValid ? { siteId: site.id, size, durationHours: hours, startAt } : null);
  const chosen = site.sizes.find((s) => s.size === size);
  // Offline but heard lately: a booking gets a PIN the site's keypad checks by itself.
  const blocked = !site.online && !site.bookableOffline;
  // Now, with none of this size free, the booking joins the waitlist: nothing is paid until a locker
  // is held for the shopper, so neither the button nor the confirmation may say "pay".
  const waitlist = !later && chosen !== undefined && chosen.free === 0;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    onSubmitting?.();
    if (!startValid) {
      setStartError(t('lockers.startInvalid'));
      return;
    }
    setStartError(null);
    const amount = quote.data ? formatRupees(quote.data.amountPaise) : '';
    const answer = await confirm({
      title: t('lockers.confirmTitle'),
      message: waitlist
        ? t('lockers.confirmWaitlistBody', {
            size: t(`lockers.sizes.${size}`),
            site: site.name[lang],
            hours,
            amount,
          })
        : t('lockers.confirmBody', {
            size: t(`lockers.sizes.${size}`),
            site: site.name[lang],
            hours,
            start: startAt ? fmt.dateTime(startAt) : t('lockers.startNow'),
            amount,
          }),
      confirmLabel: waitlist ? t('lockers.joinWaitlist') : t('lockers.confirmYes'),
    });
    if (answer !== 'confirm') return;
    try {
      await book({
        siteId: site.id,
        size,
        durationHours: hours,
        ...(startAt && { startAt }),
        ...(preferLow && { preferLow }),
      });
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <form
      className="panel booking-form"
      onSubmit={(e) => void submit(e)}
      data-testid="booking-form"
      noValidate
    >
      {blocked && <FormAlert>{t('lockers.siteOffline')}</FormAlert>}
      {!site.online && site.bookableOffline && (
        <p className="form-note" role="note" data-testid="offline-booking-note">
          {t('lockers.siteOfflineBookable')}
        </p>
      )}
      <fieldset className="booking-form__group">
        <legend className="field__label">{t('lockers.chooseSize')}</legend>
        <div className="size-grid">
          {site.sizes.map((s) => (
            <label key={s.size} className={`size-card${size === s.size ? ' size-card--chosen' : ''}`}>
              <input
                type="radio"
                name="size"
                value={s.size}
                checked={size === s.size}
                onChange={() => setSize(s.size)}
                data-testid={`size-${s.size}`}
              />
              <span className="size-card__size">{s.size}</span>
              <span className="size-card__name">{s.label[lang]}</span>
              <span className="size-card__fits">{s.fits[lang]}</span>
              <span className="size-card__dims">{t('lockers.sizeInner', s.innerCm)}</span>
              <span className={`size-card__free${s.free === 0 ? ' size-card__free--none' : ''}`}>
                {s.free > 0 ? t('lockers.sizeFree', { count: s.free }) : t('lockers.sizeFull')}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="booking-form__group">
        <legend className="field__label">{t('lockers.duration')}</legend>
        <div className="chip-row">
          {BOOKING_DURATIONS_HOURS.map((h) => (
            <label key={h} className={`chip${hours === h ? ' chip--on' : ''}`}>
              <input type="radio" name="hours" value={h} checked={hours === h} onChange={() => setHours(h)} />
              {t('lockers.hoursOption', { count: h })}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="booking-form__group">
        <legend className="field__label">{t('lockers.when')}</legend>
        {opensMs !== null && (
          <p className="note" data-testid="site-closed-start">
            {t('lockers.closedNowStart', { time: fmt.timeOrDateTime(opensMs, nowMs) })}
          </p>
        )}
        <div className="chip-row">
          <label className={`chip${!later ? ' chip--on' : ''}${opensMs !== null ? ' chip--off' : ''}`}>
            <input
              type="radio"
              name="when"
              checked={!later}
              disabled={opensMs !== null}
              onChange={() => setLater(false)}
              data-testid="start-now"
            />
            {t('lockers.startNow')}
          </label>
          <label className={`chip${later ? ' chip--on' : ''}`}>
            <input
              type="radio"
              name="when"
              checked={later}
              onChange={() => setLater(true)}
              data-testid="start-later"
            />
            {t('lockers.startLater')}
          </label>
        </div>
        {later && (
          <div className="field">
            <label className="field__label" htmlFor="start-at">
              {t('lockers.startAt')}
            </label>
            <input
              id="start-at"
              className="input"
              type="datetime-local"
              value={startLocal}
              min={toLocalInput(window.min)}
              max={toLocalInput(window.max)}
              onChange={(e) => setStartLocal(e.target.value)}
              aria-invalid={!startValid || undefined}
              aria-describedby="start-at-hint"
            />
            <p id="start-at-hint" className={startValid ? 'field__hint' : 'field__error'}>
              {startValid ? t('lockers.startWindowHint') : (startError ?? t('lockers.startInvalid'))}
            </p>
          </div>
        )}
      </fieldset>

      <label className="switch-row">
        <span className="switch-row__text">
          <span className="switch-row__label">{t('lockers.preferLow')}</span>
          <span className="switch-row__hint">
            {t('lockers.preferLowHint')}
            {chosen ? ` (${t('lockers.sizeFree', { count: chosen.freeLow })})` : ''}
          </span>
        </span>
        <input
          type="checkbox"
          role="switch"
          className="switch"
          checked={preferLow}
          aria-checked={preferLow}
          onChange={(e) => setPreferLow(e.target.checked)}
          data-testid="prefer-low"
        />
      </label>

      <div className="price-box" data-testid="booking-price" aria-live="polite">
        {quote.isPending && startValid ? (
          <LoadingLine />
        ) : quote.isError ? (
          <p className="field__error">
            {t('lockers.quoteFailed')} {errorText(quote.error)}
          </p>
        ) : quote.data ? (
          <LockerPrice quote={quote.data} />
        ) : null}
      </div>

      {failure !== null ? (
        <FormAlert testId="booking-error">{errorText(failure)}</FormAlert>
      ) : (
        refusal && <FormAlert testId="booking-refused">{refusal}</FormAlert>
      )}

      <button
        type="submit"
        className="button button--primary button--block"
        disabled={pending || blocked || !quote.data}
        data-testid="book-submit"
      >
        {pending
          ? t('lockers.booking')
          : waitlist
            ? t('lockers.joinWaitlist')
            : quote.data && quote.data.amountPaise === 0
              ? t('lockers.bookFree')
              : t('lockers.bookAndPay', { amount: quote.data ? formatRupees(quote.data.amountPaise) : '' })}
      </button>
    </form>
  );
}

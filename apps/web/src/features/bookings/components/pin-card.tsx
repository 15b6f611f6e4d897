import { useDateFormat } from '../../../lib/date-format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { pinStatus, smsHref } from '../booking-view.ts';
import type { SavedBooking } from '../last-bookings.ts';

export interface PinCardActions {
  onOpen?: () => void;
  opening?: boolean;
  onRenew?: () => void;
  renewing?: boolean;
}

/**
 * The PIN, big enough to read out over the phone, with its validity, and a way to pass it on:
 * lockers in town are often collected by a family member.
 */
export function PinCard({
  booking,
  nowMs,
  actions = {},
}: {
  booking: Pick<SavedBooking, 'pin' | 'pinExpiresAt' | 'startsAt' | 'state' | 'lockerLabel' | 'siteName'>;
  nowMs: number;
  actions?: PinCardActions;
}) {
  const { t, i18n } = useTranslation();
  const fmt = useDateFormat();
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const status = pinStatus(booking, nowMs);
  if (status === 'none' || status === 'expired' || !booking.pin) return null;
  const label = booking.lockerLabel ?? '';
  const until = booking.pinExpiresAt ? fmt.timeOrDateTime(booking.pinExpiresAt, nowMs) : '';
  const text = t('lockers.shareText', { label, site: booking.siteName[lang], pin: booking.pin, time: until });
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const share = async () => {
    try {
      await navigator.share({ title: t('lockers.shareTitle'), text });
    } catch {
      // The user closed the share sheet: nothing to do.
    }
  };

  return (
    <section className="pin-card" aria-label={t('lockers.pinLabel', { label })}>
      <p className="pin-card__title">{t('lockers.pinTitle')}</p>
      {/* A booking made while its site was offline has a 10-digit code (docs/locker-protocol.md#offline). */}
      <p
        className={booking.pin.length > 6 ? 'pin-card__pin pin-card__pin--long' : 'pin-card__pin'}
        data-testid="booking-pin"
        aria-live="polite"
      >
        {booking.pin.split('').map((digit, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the digits of one PIN, in order
          <span key={i}>{digit}</span>
        ))}
      </p>
      <p className="pin-card__valid">
        {status === 'notYet'
          ? t('lockers.pinNotYet', { time: fmt.timeOrDateTime(booking.startsAt, nowMs) })
          : t('lockers.pinValidUntil', { time: until })}
      </p>
      <div className="pin-card__actions">
        {actions.onOpen && status === 'valid' && (
          <button
            type="button"
            className="button button--primary"
            onClick={actions.onOpen}
            disabled={actions.opening}
            data-testid="open-locker"
          >
            {actions.opening ? t('lockers.opening') : t('lockers.openRemotely')}
          </button>
        )}
        {canShare ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void share()}
            data-testid="share-pin"
          >
            {t('lockers.sharePin')}
          </button>
        ) : (
          <a className="button button--secondary" href={smsHref(text)} data-testid="share-pin">
            {t('lockers.shareSms')}
          </a>
        )}
        {actions.onRenew && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={actions.onRenew}
            disabled={actions.renewing}
            data-testid="renew-pin"
          >
            {t('lockers.renewPin')}
          </button>
        )}
      </div>
      <p className="pin-card__hint">{t('lockers.pinRotates')}</p>
    </section>
  );
}

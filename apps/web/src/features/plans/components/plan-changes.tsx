import { PLAN_RULES } from '@petti/shared/constants';
import { formatRupees } from '@petti/shared/rules/money';
import type { Subscription } from '@petti/shared/schemas/payments';
import { type FormEvent, useId, useState } from 'react';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { confirm } from '../../../lib/ui/dialog-store.ts';
import { toast } from '../../../lib/ui/toast-store.ts';
import { usePlanChanges } from '../api/plans-api.ts';

/**
 * What the holder may change on a paid plan (docs/product.md#plans): pause the running period once
 * (its end moves out), resume early, or cancel a renewal not yet started (refunded in full).
 */
export function PlanChanges({ s }: { s: Subscription }) {
  const { t } = useTranslation();
  const fmt = useDateFormat();
  const errorText = useErrorText();
  const changes = usePlanChanges();
  const [asking, setAsking] = useState(false);
  const [days, setDays] = useState('7');
  const [invalid, setInvalid] = useState(false);
  const daysId = useId();

  if (s.status === 'paused' && s.pause) {
    return (
      <div className="stack" data-testid="plan-paused">
        <p>
          {t('plans.pausedUntil', {
            date: fmt.dateTime(s.pause.until),
            end: s.endsAt ? fmt.dateTime(s.endsAt) : '',
          })}
        </p>
        <button
          type="button"
          className="button button--secondary"
          disabled={changes.resume.isPending}
          onClick={() =>
            void changes.resume.mutateAsync(s.id).then(
              () => toast.success(t('plans.resumed')),
              (err: unknown) => toast.error(errorText(err)),
            )
          }
          data-testid="resume-plan"
        >
          {t('plans.resume')}
        </button>
      </div>
    );
  }

  if (s.status === 'scheduled' && s.paymentId) {
    const amount = formatRupees(s.pricePaise);
    const cancelRenewal = async () => {
      const answer = await confirm({
        title: t('plans.cancelRenewalTitle'),
        message: t('plans.cancelRenewalBody', { amount }),
        confirmLabel: t('plans.cancelRenewal'),
        cancelLabel: t('plans.keepRenewal'),
      });
      if (answer !== 'confirm') return;
      // Awaited, not a callback of mutate(): once the list is read again this card is gone (the renewal
      // is cancelled), and a gone component's mutate() callbacks never run.
      try {
        const { refund } = await changes.cancelRenewal.mutateAsync(s.id);
        toast.success(t('plans.renewalCancelled', { amount: formatRupees(refund.amountPaise) }));
      } catch (err) {
        toast.error(errorText(err));
      }
    };
    return (
      <button
        type="button"
        className="button button--secondary"
        disabled={changes.cancelRenewal.isPending}
        onClick={() => void cancelRenewal()}
        data-testid="cancel-renewal"
      >
        {t('plans.cancelRenewal')}
      </button>
    );
  }

  if (s.status !== 'active' || s.pause) return null;
  if (!asking)
    return (
      <button
        type="button"
        className="button button--ghost"
        onClick={() => setAsking(true)}
        data-testid="pause-plan"
      >
        {t('plans.pause')}
      </button>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(days);
    if (!Number.isInteger(n) || n < 1 || n > PLAN_RULES.maxPauseDays) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    void changes.pause.mutateAsync({ id: s.id, days: n }).then(
      (paused) => {
        setAsking(false);
        toast.success(t('plans.paused', { date: paused.pause ? fmt.dateTime(paused.pause.until) : '' }));
      },
      (err: unknown) => toast.error(errorText(err)),
    );
  };
  return (
    <form className="stack" onSubmit={submit} noValidate data-testid="pause-form">
      <p className="form-note">{t('plans.pauseExplain', { max: PLAN_RULES.maxPauseDays })}</p>
      <label className="field" htmlFor={daysId}>
        <span className="field__label">{t('plans.pauseDays', { max: PLAN_RULES.maxPauseDays })}</span>
        <input
          id={daysId}
          className="input"
          type="number"
          inputMode="numeric"
          min={1}
          max={PLAN_RULES.maxPauseDays}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${daysId}-error` : undefined}
          data-testid="pause-days"
        />
        {invalid && (
          <span id={`${daysId}-error`} className="field__error" role="alert">
            {t('plans.pauseDaysInvalid', { max: PLAN_RULES.maxPauseDays })}
          </span>
        )}
      </label>
      <div className="form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={changes.pause.isPending}
          data-testid="pause-submit"
        >
          {t('plans.pauseConfirm')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
          {t('plans.pauseKeep')}
        </button>
      </div>
    </form>
  );
}

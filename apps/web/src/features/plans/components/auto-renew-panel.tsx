import { PLAN_RULES } from '@petti/shared/constants';
import { ROUTES } from '@petti/shared/routes';
import { formatRupees } from '@petti/shared/rules/money';
import type { Subscription } from '@petti/shared/schemas/payments';
import { useState } from 'react';
import { Link } from 'react-router';
import { startMandateCheckout } from '../../../lib/checkout/checkout.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { confirm } from '../../../lib/ui/dialog-store.ts';
import { FormAlert } from '../../../lib/ui/form.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { useAutoRenew } from '../api/plans-api.ts';

/**
 * A running plan's automatic renewal (docs/payments.md#automatic-renewal): set it up (a mandate the
 * holder authorises at the provider), see when the next charge falls, a failed charge and its retry,
 * a mandate the provider halted, and turn it off.
 */
export function AutoRenewPanel({ s }: { s: Subscription }) {
  const { t, i18n } = useTranslation();
  const fmt = useDateFormat();
  const errorText = useErrorText();
  const autoRenew = useAutoRenew();
  const [opening, setOpening] = useState(false);
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const a = s.autoRenew;
  const amount = formatRupees(a?.amountPaise ?? s.plan.pricePaise);
  const end = s.endsAt ? fmt.dateTime(s.endsAt) : '';

  const authorise = async () => {
    setOpening(true);
    try {
      const started = await autoRenew.start.mutateAsync(s.id);
      const outcome = await startMandateCheckout(s.id, started.checkout, {
        returnTo: ROUTES.subscribed,
        description: s.plan.name[lang],
      });
      if (outcome.status === 'redirected') return;
      if (outcome.status === 'authorized') {
        await autoRenew.confirm.mutateAsync({ id: s.id, body: outcome.body });
        toast.success(t('plans.autoRenew.outcome.paid'));
      } else if (outcome.status === 'failed') toast.error(t('plans.autoRenew.outcome.failed'));
      setOpening(false);
    } catch (err) {
      setOpening(false);
      toast.error(errorText(err));
    }
  };

  const turnOff = async () => {
    const answer = await confirm({
      title: t('plans.autoRenew.turnOffTitle'),
      message: t('plans.autoRenew.turnOffBody', { end }),
      confirmLabel: t('plans.autoRenew.turnOff'),
      cancelLabel: t('plans.autoRenew.keep'),
    });
    if (answer !== 'confirm') return;
    try {
      await autoRenew.stop.mutateAsync(s.id);
      toast.success(t('plans.autoRenew.turnedOff'));
    } catch (err) {
      toast.error(errorText(err));
    }
  };

  const offButton = (
    <button
      type="button"
      className="button button--ghost"
      disabled={autoRenew.stop.isPending}
      onClick={() => void turnOff()}
      data-testid="auto-renew-off"
    >
      {t('plans.autoRenew.turnOff')}
    </button>
  );
  const common = {
    className: 'stack auto-renew',
    'data-testid': 'auto-renew',
    'data-state': a?.status ?? 'off',
  };

  if (!a)
    return (
      <div {...common}>
        <p className="form-note">
          {t('plans.autoRenew.explain', {
            amount,
            days: s.plan.periodDays,
            before: PLAN_RULES.autoRenewDaysBefore,
          })}
        </p>
        <button
          type="button"
          className="button button--secondary"
          disabled={opening}
          onClick={() => void authorise()}
          data-testid="auto-renew-on"
        >
          {opening ? t('plans.autoRenew.opening') : t('plans.autoRenew.offer')}
        </button>
      </div>
    );

  switch (a.status) {
    case 'authorizing':
      return (
        <div {...common}>
          <p>{t('plans.autoRenew.authorizing')}</p>
          <button
            type="button"
            className="button button--secondary"
            disabled={opening}
            onClick={() => void authorise()}
            data-testid="auto-renew-authorize"
          >
            {opening ? t('plans.autoRenew.opening') : t('plans.autoRenew.authorize')}
          </button>
          {offButton}
        </div>
      );
    case 'on':
      return (
        <div {...common}>
          <p data-testid="auto-renew-status">
            {t('plans.autoRenew.on', { amount, date: a.nextChargeAt ? fmt.dateTime(a.nextChargeAt) : end })}
          </p>
          {offButton}
        </div>
      );
    case 'retrying':
      return (
        <div {...common}>
          <FormAlert>
            <span data-testid="auto-renew-status">
              {t('plans.autoRenew.retrying', {
                date: a.nextChargeAt ? fmt.dateTime(a.nextChargeAt) : '',
                end,
              })}
            </span>
          </FormAlert>
          {offButton}
        </div>
      );
    case 'halted':
      return (
        <div {...common}>
          <FormAlert>
            <span data-testid="auto-renew-status">
              {t('plans.autoRenew.halted', { count: a.failedCharges, end })}
            </span>
          </FormAlert>
          <Link className="button button--primary" to={ROUTES.subscription} data-testid="renew-by-hand">
            {t('plans.autoRenew.renewByHand')}
          </Link>
        </div>
      );
  }
}

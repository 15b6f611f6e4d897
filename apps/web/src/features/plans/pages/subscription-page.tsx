import type { Plan } from '@petti/shared/schemas/payments';
import { useState } from 'react';
import { Link } from 'react-router';
import { startCheckout } from '../../../lib/checkout/checkout.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useSubscriptions } from '../../../lib/plans/subscriptions.ts';
import { FormAlert, LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { usePlans, useSubscribe } from '../api/plans-api.ts';
import { PlanCard } from '../components/plan-card.tsx';
import { planAction } from '../plan-view.ts';
import '../plans.css';

/** /subscription — the plans, what each gives and costs; buy or renew through the checkout. */
export default function SubscriptionPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const plans = usePlans();
  const subs = useSubscriptions();
  const subscribe = useSubscribe();
  const [buying, setBuying] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const mine = subs.data?.subscriptions ?? [];

  const buy = async (plan: Plan) => {
    setFailure(null);
    setBuying(plan.id);
    try {
      const { payment } = await subscribe.mutateAsync(plan.id);
      const outcome = await startCheckout(payment, { returnTo: '/subscribed', description: plan.name[lang] });
      if (outcome.status === 'failed') setFailure(t('payments.outcome.failed'));
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBuying(null);
    }
  };

  return (
    <PageIntro page="subscription">
      {failure !== null && <FormAlert testId="subscribe-error">{failure}</FormAlert>}
      {plans.isPending ? (
        <LoadingLine />
      ) : plans.isError ? (
        <LoadFailedAlert
          reason={errorText(plans.error)}
          error={plans.error}
          onRetry={() => void plans.refetch()}
        />
      ) : (
        <ul className="plan-list">
          {plans.data.plans.map((plan) => {
            const action = planAction(plan, mine);
            return (
              <PlanCard
                key={plan.id}
                plan={plan}
                badge={action === 'renew' || action === 'renewalScheduled' ? t('plans.yours') : undefined}
              >
                {action === 'otherActive' ? (
                  <p className="form-note">{t('plans.otherActive')}</p>
                ) : action === 'renewalScheduled' ? (
                  <p className="form-note">{t('plans.renewalScheduled')}</p>
                ) : (
                  <button
                    type="button"
                    className="button button--primary button--block"
                    onClick={() => void buy(plan)}
                    disabled={buying !== null || subs.isPending}
                    data-testid={`buy-${plan.id}`}
                  >
                    {buying === plan.id
                      ? t('plans.opening')
                      : action === 'renew'
                        ? t('plans.renew')
                        : t('plans.buy')}
                  </button>
                )}
              </PlanCard>
            );
          })}
        </ul>
      )}
      <Link className="button button--ghost" to="/subscribed">
        {t('plans.toMine')}
      </Link>
    </PageIntro>
  );
}

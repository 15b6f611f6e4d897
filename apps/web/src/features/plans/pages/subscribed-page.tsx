import { formatRupees } from '@petti/shared/rules/money';
import type { Subscription } from '@petti/shared/schemas/payments';
import { Link } from 'react-router';
import { PaymentOutcomeBanner, usePaymentReturn } from '../../../lib/checkout/checkout.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { renewsItself, useSubscriptions } from '../../../lib/plans/subscriptions.ts';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { AutoRenewPanel } from '../components/auto-renew-panel.tsx';
import { PlanChanges } from '../components/plan-changes.tsx';
import { useAutoRenewReturn } from '../hooks/use-auto-renew-return.ts';
import { currentSubscriptions, usedPercent } from '../plan-view.ts';
import '../plans.css';

/** /subscribed — the plan(s) the user has: usage, renewal date, status and receipts. */
export default function SubscribedPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const outcome = usePaymentReturn();
  const mandate = useAutoRenewReturn();
  const subs = useSubscriptions();
  const current = subs.data ? currentSubscriptions(subs.data.subscriptions) : [];

  return (
    <PageIntro page="subscribed">
      <PaymentOutcomeBanner outcome={outcome} />
      <PaymentOutcomeBanner outcome={mandate} words="plans.autoRenew.outcome" testId="auto-renew-outcome" />
      {subs.isPending ? (
        <LoadingLine />
      ) : subs.isError ? (
        <LoadFailedAlert
          reason={errorText(subs.error)}
          error={subs.error}
          onRetry={() => void subs.refetch()}
        />
      ) : current.length === 0 ? (
        <div className="panel stack" data-testid="no-plan">
          <p>{t('plans.none')}</p>
          <Link className="button button--primary" to="/subscription">
            {t('plans.choose')}
          </Link>
        </div>
      ) : (
        <ul className="plan-list">
          {current.map((s) => (
            <MyPlan key={s.id} s={s} />
          ))}
        </ul>
      )}
      {current.length > 0 && (
        <Link className="button button--ghost" to="/subscription">
          {t('plans.seeAll')}
        </Link>
      )}
    </PageIntro>
  );
}

function MyPlan({ s }: { s: Subscription }) {
  const { t, i18n } = useTranslation();
  const fmt = useDateFormat();
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const percent = usedPercent(s);
  return (
    <li className="panel my-plan" data-testid={`my-plan-${s.planId}`} data-status={s.status}>
      <header className="plan-card__head">
        <h2 className="plan-card__name">{s.plan.name[lang]}</h2>
        <span className={`badge ${s.status === 'active' ? 'badge--success' : 'badge--muted'}`}>
          {t(`plans.status.${s.status}`)}
        </span>
      </header>
      {s.status === 'pending' && <p className="form-note">{t('plans.pendingNote')}</p>}
      {s.status === 'scheduled' && s.startsAt && (
        <p>{t('plans.startsOn', { date: fmt.dateTime(s.startsAt) })}</p>
      )}
      {s.status === 'active' && s.endsAt && (
        <p data-testid="renewal-date">
          {t(renewsItself(s) ? 'plans.renewsItselfOn' : 'plans.endsOn', { date: fmt.dateTime(s.endsAt) })}
        </p>
      )}
      {percent !== null && s.lockerHours !== null && (
        <div className="usage">
          <p className="usage__text">
            {t('plans.hoursUsed', {
              used: s.lockerHoursUsed,
              total: s.lockerHours,
              left: s.lockerHoursLeft ?? 0,
            })}
          </p>
          <div
            className="usage__bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('plans.usageLabel')}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
      {s.plan.freeDeliveryOverPaise !== null && (
        <p className="usage__text">{t('plans.deliveriesUsed', { count: s.deliveriesUsed })}</p>
      )}
      <p className="my-plan__paid">
        {t('plans.paid', { amount: formatRupees(s.pricePaise) })}
        {s.paymentId && s.status !== 'pending' && (
          <>
            {' · '}
            <Link to={`/bookings?receipt=${encodeURIComponent(s.paymentId)}`} data-testid="plan-receipt">
              {t('plans.receipt')}
            </Link>
          </>
        )}
      </p>
      <PlanChanges s={s} />
      {(s.status === 'active' || s.status === 'paused') && <AutoRenewPanel s={s} />}
    </li>
  );
}

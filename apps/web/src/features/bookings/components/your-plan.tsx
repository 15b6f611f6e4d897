import { ROUTES } from '@petti/shared/routes';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { renewsItself, useSubscriptions } from '../../../lib/plans/subscriptions.ts';

/**
 * Home's line about the shopper's plans: each running one with its locker-hours left and renewal, or
 * the way to choose one. Nothing while they load or cannot be read: the lockers above matter more.
 */
export function YourPlan() {
  const { t, i18n } = useTranslation();
  const fmt = useDateFormat();
  const subs = useSubscriptions();
  if (!subs.data) return null;
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const active = subs.data.subscriptions.filter((s) => s.status === 'active' || s.status === 'paused');
  return (
    <section className="panel stack" aria-labelledby="your-plan" data-testid="your-plan">
      <h2 id="your-plan" className="panel__title">
        {t('plans.yours')}
      </h2>
      {active.length === 0 ? (
        <p>
          {t('plans.none')}{' '}
          <Link to={ROUTES.subscription} data-testid="choose-plan">
            {t('plans.choose')}
          </Link>
        </p>
      ) : (
        active.map((s) => (
          <p key={s.id} data-testid={`home-plan-${s.planId}`}>
            <Link to={ROUTES.subscribed}>
              <strong>{s.plan.name[lang]}</strong>
            </Link>
            {s.lockerHours !== null &&
              ` · ${t('plans.hoursUsed', { used: s.lockerHoursUsed, total: s.lockerHours, left: s.lockerHoursLeft ?? 0 })}`}
            {s.status === 'paused' && s.pause
              ? ` · ${t('plans.pausedUntil', { date: fmt.dateTime(s.pause.until), end: s.endsAt ? fmt.dateTime(s.endsAt) : '' })}`
              : s.endsAt &&
                ` · ${t(renewsItself(s) ? 'plans.renewsItselfOn' : 'plans.endsOn', { date: fmt.dateTime(s.endsAt) })}`}
          </p>
        ))
      )}
    </section>
  );
}

import { PUSH_ALERTS, type PushAlert, type PushPreferences, WORK_ALERTS } from '@petti/shared/schemas/push';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useOptimistic } from 'react';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { getAlertPreferences, saveAlertPreferences } from '../../../lib/push/push-client.ts';
import { useAlerts } from '../../../lib/push/use-alerts.ts';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { useMyShops } from '../../../lib/work/my-shops.ts';

const PREFS_KEY = ['push-preferences'];

/** Alerts outside the app on this phone: on or off here, and which alerts (kept on the account). */
export function AlertsPanel() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  // A shop's alerts for those who work in one, the locker network's for operators: nobody else's.
  const work = useMyShops();
  const offered = PUSH_ALERTS.filter((a) => {
    const forWhom = WORK_ALERTS[a];
    if (!forWhom) return true;
    return forWhom === 'shop' ? Boolean(work.data?.shops.length) : Boolean(work.data?.operator);
  });
  const prefs = useQuery({ queryKey: PREFS_KEY, queryFn: ({ signal }) => getAlertPreferences(signal) });
  // The choice as the shopper just made it, until every save on its way has been answered: the
  // switch moves under the finger in the same event, and a reading of the preferences in between
  // cannot move it back. A failed save falls back to what the server holds.
  const [shown, choose] = useOptimistic(prefs.data, (_current, next: PushPreferences) => next);
  const save = useMutation({
    mutationFn: saveAlertPreferences,
    onError: (error) =>
      toast.error(`${t('settings.prefSaveFailed')} ${errorText(error)}`, { id: 'alert-pref' }),
    onSuccess: (saved) => queryClient.setQueryData(PREFS_KEY, saved),
  });
  const toggle = (alert: PushAlert, on: boolean) => {
    if (!shown) return;
    const next: PushPreferences = { alerts: { ...shown.alerts, [alert]: on } };
    startTransition(async () => {
      choose(next);
      await save.mutateAsync(next).catch(() => undefined);
    });
  };

  return (
    <section className="panel" aria-labelledby="settings-alerts" data-testid="alerts-panel">
      <div className="panel__header">
        <h2 id="settings-alerts" className="panel__title">
          {t('alerts.title')}
        </h2>
        <p className="panel__hint">{t('alerts.hint')}</p>
      </div>
      {alerts.state === null ? (
        <LoadingLine />
      ) : (
        <div className="stack">
          <p data-testid="alerts-state">{t(`alerts.${alerts.state}`)}</p>
          {alerts.failed && (
            <p className="form-note" role="alert">
              {t('alerts.failed')}
            </p>
          )}
          {(alerts.state === 'off' || alerts.state === 'on') && (
            <button
              type="button"
              className="button button--secondary"
              disabled={alerts.busy}
              onClick={() => void (alerts.state === 'on' ? alerts.turnOff() : alerts.turnOn())}
              data-testid="alerts-toggle"
            >
              {alerts.busy
                ? t('alerts.turningOn')
                : alerts.state === 'on'
                  ? t('alerts.turnOff')
                  : t('alerts.turnOn')}
            </button>
          )}
        </div>
      )}
      <h3 className="panel__subtitle">{t('alerts.whichTitle')}</h3>
      {prefs.isPending ? (
        <LoadingLine />
      ) : prefs.isError ? (
        <LoadFailedAlert reason={t('alerts.prefsFailed')} onRetry={() => void prefs.refetch()} />
      ) : (
        <ul className="switch-list">
          {offered.map((alert) => (
            <li key={alert}>
              <label className="switch-row">
                <span className="switch-row__text">
                  <span className="switch-row__label">{t(`alerts.kinds.${alert}.label`)}</span>
                  <span className="switch-row__hint">{t(`alerts.kinds.${alert}.hint`)}</span>
                </span>
                <input
                  type="checkbox"
                  role="switch"
                  className="switch"
                  checked={(shown ?? prefs.data).alerts[alert]}
                  aria-checked={(shown ?? prefs.data).alerts[alert]}
                  onChange={(event) => toggle(alert, event.target.checked)}
                  data-testid={`alert-${alert}`}
                />
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

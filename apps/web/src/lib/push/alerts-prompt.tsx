import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { localStore } from '../storage.ts';
import { toast } from '../ui/toast-store.ts';
import { useAlerts } from './use-alerts.ts';

const DISMISSED = 'alertsPromptDismissed';

/**
 * Offers alerts at the moment they make sense (a booking or an order of one's own, never on the
 * first screen): one card, dismissed for good with "Not now". Shows nothing once alerts are on, or
 * where the browser cannot have them.
 */
export function AlertsPrompt() {
  const { t } = useTranslation();
  const { state, busy, failed, turnOn } = useAlerts();
  const [dismissed, setDismissed] = useState(() => localStore().getItem(DISMISSED) === '1');
  if (dismissed || state !== 'off') return null;
  const dismiss = () => {
    localStore().setItem(DISMISSED, '1');
    setDismissed(true);
  };
  return (
    <aside
      className="panel stack alerts-prompt"
      aria-labelledby="alerts-prompt-title"
      data-testid="alerts-prompt"
    >
      <h2 id="alerts-prompt-title" className="panel__title">
        {t('alerts.promptTitle')}
      </h2>
      <p>{t('alerts.promptBody')}</p>
      {failed && (
        <p className="form-note" role="alert">
          {t('alerts.failed')}
        </p>
      )}
      <div className="place-actions">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy}
          onClick={() =>
            void turnOn().then((next) => {
              if (next === 'on') toast.success(t('alerts.turnedOn'), { id: 'alerts-on' });
            })
          }
          data-testid="alerts-turn-on"
        >
          {busy ? t('alerts.turningOn') : t('alerts.turnOn')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={dismiss}>
          {t('alerts.notNow')}
        </button>
      </div>
    </aside>
  );
}

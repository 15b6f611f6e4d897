import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { retryTimer, useDeadTimers } from '../shops-api.ts';

/**
 * Background tasks set aside after failing too often (docs/decisions/0004): what they were, how often
 * they failed and why, and a way to put one back once its cause is fixed.
 */
export function DeadTimersPanel() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { timeOrDateTime } = useDateFormat();
  const queryClient = useQueryClient();
  const dead = useDeadTimers();
  const [busy, setBusy] = useState<string | null>(null);

  async function retry(id: string) {
    setBusy(id);
    try {
      await retryTimer(id);
      toast(t('shops.lockers.deadRetried'), { variant: 'success' });
    } catch (error) {
      toast(errorText(error), { variant: 'error' });
    } finally {
      setBusy(null);
    }
    await queryClient.invalidateQueries({ queryKey: ['operator', 'dead-timers'] });
  }

  return (
    <section className="panel" aria-labelledby="dead-timers-title" data-testid="dead-timers">
      <h2 id="dead-timers-title" className="panel__title">
        {t('shops.lockers.deadTitle')}
      </h2>
      {dead.isPending ? (
        <LoadingLine />
      ) : dead.isError ? (
        <LoadFailedAlert
          reason={errorText(dead.error)}
          error={dead.error}
          onRetry={() => void dead.refetch()}
        />
      ) : dead.data.length === 0 ? (
        <p className="muted">{t('shops.lockers.deadNone')}</p>
      ) : (
        <ul className="ops-openings">
          {dead.data.map((d) => (
            <li key={d.id} data-testid={`dead-${d.id}`}>
              <strong>{t('shops.lockers.deadLine', { kind: d.kind, count: d.attempts })}</strong>
              {d.deadAt && <span className="muted">{timeOrDateTime(d.deadAt, Date.now())}</span>}
              {d.lastError && <span className="muted">{d.lastError}</span>}
              <button
                type="button"
                className="button button--small button--secondary"
                disabled={busy === d.id}
                onClick={() => void retry(d.id)}
              >
                {t('shops.lockers.deadRetry')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { LockerOpening, OpsLocker } from '@petti/shared/schemas/ops';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '../../../lib/api-error.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { TextAreaField } from '../../../lib/ui/text-area-field.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { openLocker, useLockerOpenings } from '../shops-api.ts';

/**
 * An operator's tools for one door (docs/lockers.md#operators): open it from afar, saying why (the
 * reason goes into its openings), and read its openings, newest first.
 */
export function LockerDoorTools({ locker }: { locker: OpsLocker }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<'open' | 'log' | null>(null);
  const toggle = (what: 'open' | 'log') => setShown(shown === what ? null : what);
  const panelId = useId();
  return (
    <div className="ops-door">
      <div className="ops-door__buttons">
        <button
          type="button"
          className="button button--small button--ghost"
          aria-expanded={shown === 'open'}
          aria-controls={panelId}
          onClick={() => toggle('open')}
        >
          {t('shops.lockers.openDoor')}
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          aria-expanded={shown === 'log'}
          aria-controls={panelId}
          onClick={() => toggle('log')}
        >
          {t('shops.lockers.openings')}
        </button>
      </div>
      <div id={panelId}>
        {shown === 'open' && (
          <OpenDoorForm locker={locker} onDone={() => setShown('log')} onCancel={() => setShown(null)} />
        )}
        {shown === 'log' && <Openings lockerId={locker.id} />}
      </div>
    </div>
  );
}

function OpenDoorForm({
  locker,
  onDone,
  onCancel,
}: {
  locker: OpsLocker;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [why, setWhy] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (why.trim().length < 3) {
      setError(t('shops.lockers.openShort'));
      return;
    }
    setBusy(true);
    try {
      await openLocker(locker.id, why.trim());
      toast(t('shops.lockers.openSent', { locker: locker.label }), { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['operator', 'openings', locker.id] });
      onDone();
    } catch (err) {
      // A shopper told "offline" is sent elsewhere; an operator needs what still works on site.
      setError(
        isApiError(err) && err.code === 'lockerOffline' ? t('shops.lockers.openOffline') : errorText(err),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ops-door__form" onSubmit={(e) => void submit(e)} noValidate>
      <TextAreaField
        label={t('shops.lockers.openWhy')}
        value={why}
        rows={2}
        maxLength={200}
        error={error ?? undefined}
        onChange={(e) => {
          setWhy(e.target.value);
          setError(null);
        }}
      />
      <div className="shop-order__actions">
        <button type="submit" className="button button--primary button--small" disabled={busy}>
          {t('shops.lockers.openSend')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onCancel}>
          {t('dialog.cancel')}
        </button>
      </div>
    </form>
  );
}

function Openings({ lockerId }: { lockerId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { timeOrDateTime } = useDateFormat();
  const openings = useLockerOpenings(lockerId, true);
  if (openings.isPending) return <LoadingLine />;
  if (openings.isError)
    return (
      <LoadFailedAlert
        reason={errorText(openings.error)}
        error={openings.error}
        onRetry={() => void openings.refetch()}
      />
    );
  if (openings.data.length === 0) return <p className="muted">{t('shops.lockers.openingsNone')}</p>;
  const how = (o: LockerOpening) =>
    t(`shops.lockers.openedHow.${o.reason === 'ops' && !o.byOperator ? 'token' : o.reason}`);
  return (
    <ol className="ops-openings">
      {openings.data.map((o) => (
        <li key={o.id}>
          <span>
            {timeOrDateTime(o.createdAt, Date.now())} · {how(o)} ·{' '}
            <span className={o.state === 'failed' ? 'ops-warning' : undefined}>
              {t(`shops.lockers.openedState.${o.state}`)}
            </span>
          </span>
          {o.note && <span className="muted">“{o.note}”</span>}
        </li>
      ))}
    </ol>
  );
}

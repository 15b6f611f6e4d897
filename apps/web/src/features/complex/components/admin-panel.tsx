import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { CardSkeletons } from '../../../lib/shop/skeletons.tsx';
import { FormAlert, LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { decideRequest, hideListing, useJoinRequests, useReported } from '../complex-api.ts';

/** The complex admin's screen (docs/complex.md#admin): requests to join, reported listings. */
export function AdminPanel({ complexName }: { complexName: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const requests = useJoinRequests(true);
  const reported = useReported(true);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notes, setNotes] = useState<Record<string, string>>({});

  async function run(key: string, work: () => Promise<unknown>) {
    setBusy(key);
    setFailure(null);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: ['complex'] });
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      className="section complex-admin"
      aria-labelledby="complex-admin-title"
      data-testid="complex-admin"
    >
      <h3 id="complex-admin-title" className="section__title">
        {t('complex.admin.title', { complex: complexName })}
      </h3>
      {failure && <FormAlert>{failure}</FormAlert>}
      <h4>{t('complex.admin.requests')}</h4>
      {requests.isPending ? (
        <CardSkeletons count={1} variant="row" />
      ) : requests.isError ? (
        <LoadFailedAlert
          reason={errorText(requests.error)}
          error={requests.error}
          onRetry={() => void requests.refetch()}
        />
      ) : requests.data.length === 0 ? (
        <p className="muted">{t('complex.admin.noRequests')}</p>
      ) : (
        <ul className="complex-rows" data-testid="join-requests">
          {requests.data.map((r) => (
            <li key={r.userId} className="complex-row" data-testid={`request-${r.userId}`}>
              <strong>{r.name ?? '—'}</strong>
              <span className="muted">
                {t('complex.admin.requested', { block: r.block, flat: r.flat, phone: r.phoneEnd ?? '—' })}
              </span>
              <input
                className="input input--compact"
                aria-label={t('complex.admin.refuseNote')}
                placeholder={t('complex.admin.refuseNote')}
                value={notes[r.userId] ?? ''}
                onChange={(e) => setNotes({ ...notes, [r.userId]: e.target.value })}
                maxLength={200}
              />
              <div className="complex-actions">
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={busy !== null}
                  onClick={() => void run(r.userId, () => decideRequest(r.userId, 'approve'))}
                  data-testid="approve"
                >
                  {t('complex.admin.approve')}
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={busy !== null}
                  onClick={() =>
                    void run(r.userId, () =>
                      decideRequest(r.userId, 'refuse', notes[r.userId]?.trim() || undefined),
                    )
                  }
                  data-testid="refuse"
                >
                  {t('complex.admin.refuse')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <h4>{t('complex.admin.reports')}</h4>
      {reported.isPending ? (
        <CardSkeletons count={1} variant="row" />
      ) : reported.isError ? (
        <LoadFailedAlert
          reason={errorText(reported.error)}
          error={reported.error}
          onRetry={() => void reported.refetch()}
        />
      ) : reported.data.length === 0 ? (
        <p className="muted">{t('complex.admin.noReports')}</p>
      ) : (
        <ul className="complex-rows" data-testid="reported-listings">
          {reported.data.map(({ listing, reports }) => (
            <li key={listing.id} className="complex-row">
              <strong>{listing.title}</strong>
              <span className="muted">
                {listing.sellerName} · {listing.sellerFlat} ·{' '}
                {t('complex.admin.reportsCount', { count: reports.length })}
              </span>
              <ul className="complex-reasons">
                {reports.map((r) => (
                  <li key={r.createdAt}>“{r.reason}”</li>
                ))}
              </ul>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={busy !== null}
                onClick={() => void run(listing.id, () => hideListing(listing.id, !listing.hidden))}
              >
                {listing.hidden ? t('complex.admin.show') : t('complex.admin.hide')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

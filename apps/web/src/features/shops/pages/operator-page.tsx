import { NEW_SHOP } from '@petti/shared/constants';
import { displayPhone } from '@petti/shared/rules/phone';
import type { SellerApplicationView } from '@petti/shared/schemas/shops';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { confirm } from '../../../lib/ui/dialog-store.ts';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { decideApplication, useSellerApplications } from '../shops-api.ts';
import '../shops.css';

/**
 * /operator — Petti's operators approve new shops (docs/shops.md#becoming-a-seller): approving creates
 * the shop and makes the applicant its owner. The server refuses anyone who is not an operator.
 */
export default function OperatorPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const applications = useSellerApplications();
  const [busy, setBusy] = useState<string | null>(null);

  async function decide(a: SellerApplicationView, decision: 'approve' | 'refuse') {
    const id = a.id;
    // One tap creates a shop and an owner: asked once, saying what follows.
    const answer = await confirm(
      decision === 'approve'
        ? {
            title: t('shops.operator.approveTitle', { name: a.brandName }),
            message: t('shops.operator.approveBody', { owner: a.ownerName, phone: displayPhone(a.phone) }),
            confirmLabel: t('shops.operator.approve'),
            cancelLabel: t('shops.operator.keep'),
          }
        : {
            title: t('shops.operator.refuseTitle', { name: a.brandName }),
            message: t('shops.operator.refuseBody'),
            confirmLabel: t('shops.operator.refuse'),
            cancelLabel: t('shops.operator.keep'),
          },
    );
    if (answer !== 'confirm') return;
    setBusy(id);
    try {
      const done = await decideApplication(id, decision);
      toast(
        decision === 'approve'
          ? t('shops.operator.approved', { name: done.brandName, phone: displayPhone(done.phone) })
          : t('shops.operator.refused'),
        { variant: 'success' },
      );
    } catch (error) {
      toast(errorText(error), { variant: 'error' });
    } finally {
      setBusy(null);
    }
    await queryClient.invalidateQueries({ queryKey: ['shops', 'operator'] });
  }

  return (
    <PageIntro page="operator">
      {applications.isPending ? (
        <LoadingLine />
      ) : applications.isError ? (
        <LoadFailedAlert
          reason={errorText(applications.error)}
          error={applications.error}
          onRetry={() => void applications.refetch()}
        />
      ) : applications.data.length === 0 ? (
        <p className="shop-empty">{t('shops.operator.none')}</p>
      ) : (
        <ul className="shop-orders" data-testid="applications">
          {applications.data.map((a) => (
            <li key={a.id} className="shop-order application" data-testid={`application-${a.id}`}>
              <strong className="shop-order__number">{a.brandName}</strong>
              <span>{t('shops.operator.owner', { name: a.ownerName, phone: displayPhone(a.phone) })}</span>
              <span className="muted">{a.address}</span>
              <span className="muted">
                {t('shops.operator.modes', {
                  modes: a.modes.map((m) => t(`sellers.modes.${m}` as 'sellers.modes.home')).join(', '),
                })}
              </span>
              <span className="muted">
                {a.lat === null ? t('shops.operator.noPin') : t('shops.operator.pin')}
              </span>
              <span className="muted">
                {t('shops.operator.startHours', { open: NEW_SHOP.opensAt, close: NEW_SHOP.closesAt })}
              </span>
              {a.message && <span>“{a.message}”</span>}
              <div className="shop-order__actions">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy === a.id}
                  onClick={() => void decide(a, 'approve')}
                  data-testid="approve"
                >
                  {t('shops.operator.approve')}
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy === a.id}
                  onClick={() => void decide(a, 'refuse')}
                >
                  {t('shops.operator.refuse')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </PageIntro>
  );
}

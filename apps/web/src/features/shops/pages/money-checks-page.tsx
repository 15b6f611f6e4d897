import { formatRupees } from '@petti/shared/rules/money';
import type { MoneyCheck } from '@petti/shared/schemas/money-checks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { confirm } from '../../../lib/ui/dialog-store.ts';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { clearMoneyCheck, moneyChecksKey, runMoneyChecks, useMoneyChecks } from '../shops-api.ts';
import '../shops.css';

const RULES = [
  'order_settlement',
  'order_not_sent',
  'transfer_pending',
  'transfer_failed',
  'transfer_books',
  'shop_payable',
  'payment_books',
  'unplaced',
  'mandate_charge_amount',
  'mandate_books',
  'provider_transfer_amount',
  'provider_transfer_state',
  'provider_transfer_unknown',
  'provider_transfer_missing',
  'provider_reversal_unknown',
  'provider_reversal_missing',
  'provider_payment_unknown',
  'provider_payment_amount',
  'provider_payment_missing',
  'provider_refund_missing',
] as const;
type Rule = (typeof RULES)[number] | 'other';
const ruleOf = (rule: string): Rule =>
  (RULES as readonly string[]).includes(rule) ? (rule as Rule) : 'other';

/**
 * /operator/money — Petti's operators see money that does not add up (docs/payments.md#money-checks):
 * each broken rule of the books with its shop, order, amounts and since when, oldest first; "Check now"
 * runs every check at once (after a repair, to see it clear); a provider's fact held for them is marked
 * dealt with once put right. The server refuses anyone who is not an operator.
 */
export default function MoneyChecksPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const checks = useMoneyChecks();
  const [running, setRunning] = useState(false);

  async function checkNow() {
    setRunning(true);
    try {
      const after = await runMoneyChecks();
      queryClient.setQueryData(moneyChecksKey, after);
      toast(
        after.checks.length
          ? t('shops.moneyChecks.checked', { count: after.checks.length })
          : t('shops.moneyChecks.checkedNone'),
        // One answer at a time: checking again replaces the last one instead of stacking over the list.
        { variant: after.checks.length ? 'error' : 'success', id: 'money-check-now' },
      );
    } catch (error) {
      toast(errorText(error), { variant: 'error' });
    } finally {
      setRunning(false);
    }
  }

  return (
    <PageIntro page="operatorMoney">
      <div className="shop-order__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={running}
          aria-busy={running}
          onClick={() => void checkNow()}
          data-testid="money-check-now"
        >
          {t('shops.moneyChecks.checkNow')}
        </button>
      </div>
      {checks.isPending ? (
        <LoadingLine />
      ) : checks.isError ? (
        <LoadFailedAlert
          reason={errorText(checks.error)}
          error={checks.error}
          onRetry={() => void checks.refetch()}
        />
      ) : (
        <>
          {!checks.data.balanced && (
            <p className="ops-warning" role="alert">
              {t('shops.moneyChecks.unbalanced')}
            </p>
          )}
          {checks.data.checks.length === 0 ? (
            <p className="shop-empty" data-testid="money-all-well">
              {t('shops.moneyChecks.allWell')}
            </p>
          ) : (
            <ul className="shop-orders" aria-label={t('shops.moneyChecks.list')} data-testid="money-checks">
              {checks.data.checks.map((c) => (
                <CheckCard key={c.id} check={c} />
              ))}
            </ul>
          )}
        </>
      )}
    </PageIntro>
  );
}

function CheckCard({ check }: { check: MoneyCheck }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { timeOrDateTime } = useDateFormat();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function clear() {
    const answer = await confirm({
      title: t('shops.moneyChecks.clearTitle'),
      message: t('shops.moneyChecks.clearBody'),
      confirmLabel: t('shops.moneyChecks.clear'),
    });
    if (answer !== 'confirm') return;
    setBusy(true);
    try {
      await clearMoneyCheck(check.id);
      toast(t('shops.moneyChecks.cleared'), { variant: 'success' });
    } catch (error) {
      toast(errorText(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
    await queryClient.invalidateQueries({ queryKey: moneyChecksKey });
  }

  return (
    <li className="shop-order" data-testid={`money-check-${check.rule}`}>
      <div className="shop-order__head">
        <strong className="shop-order__number">{t(`shops.moneyChecks.rules.${ruleOf(check.rule)}`)}</strong>
        <span className="muted">
          {t('shops.moneyChecks.since', { time: timeOrDateTime(check.since, Date.now()) })}
        </span>
      </div>
      {check.shopName && <span>{t('shops.moneyChecks.shop', { name: check.shopName })}</span>}
      {check.orderId && (
        <span className="muted money-check__order">
          {t('shops.moneyChecks.order', { id: check.orderId.slice(0, 8) })}
        </span>
      )}
      <span>
        {t('shops.moneyChecks.amounts', {
          expected: formatRupees(check.expectedPaise),
          actual: formatRupees(check.actualPaise),
        })}
      </span>
      {/* The server's own words for the record, in English in every language (ids, amounts). */}
      <span className="muted" lang="en">
        {check.detail}
      </span>
      {check.held && (
        <>
          <span className="ops-warning">{t('shops.moneyChecks.held')}</span>
          <div className="shop-order__actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => void clear()}
              data-testid="money-check-clear"
            >
              {t('shops.moneyChecks.clear')}
            </button>
          </div>
        </>
      )}
    </li>
  );
}

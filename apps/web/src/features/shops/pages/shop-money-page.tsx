import { formatRupees } from '@petti/shared/rules/money';
import { townDate } from '@petti/shared/rules/shop-hours';
import { townDateTime } from '@petti/shared/rules/town-time';
import type { ShopTransfer } from '@petti/shared/schemas/shop-payouts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { LoadFailedAlert, TextField } from '../../../lib/ui/form.tsx';
import { LoadingLine, Spinner } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { PayoutsPanel } from '../components/payouts-panel.tsx';
import { shopMoneyCsv, useShopMoney, useShopPayouts } from '../shops-api.ts';
import '../../../lib/ui/form.css';
import '../shops.css';

const DAY_MS = 86_400_000;
const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

type Span = { from: string; to: string };

/**
 * /shop/:shopId/money — the owner's money (docs/shops.md#money): today, the last seven days or any
 * span, with what shoppers paid, what went back, Petti's fees and what the shop is owed, order by
 * order, and the same as a CSV file for a spreadsheet or an accountant.
 */
export default function ShopMoneyPage() {
  const { shopId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const language = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const today = townDate(new Date());
  const [span, setSpan] = useState<Span>({ from: today, to: today });
  const [draft, setDraft] = useState<Span>(span);
  const [downloading, setDownloading] = useState(false);
  const money = useShopMoney(shopId, span);
  const payouts = useShopPayouts(shopId, span);
  const transfers = new Map(payouts.data?.transfers.map((x) => [x.orderId, x]));
  // One order's money on its way to the shop, in a few words (docs/shops.md#settlement).
  const payoutText = (x: ShopTransfer | undefined) => {
    if (!x) return t('shops.payout.order.waiting');
    const parts = [t(`shops.payout.order.${x.status}`, { amount: formatRupees(x.sentPaise) })];
    if (x.settledAt) parts.push(t('shops.payout.order.settled'));
    if (x.reversedPaise > 0)
      parts.push(t('shops.payout.order.reversed', { amount: formatRupees(x.reversedPaise) }));
    if (x.unrecoveredPaise > 0)
      parts.push(t('shops.payout.order.unrecovered', { amount: formatRupees(x.unrecoveredPaise) }));
    return parts.join(' · ');
  };
  const week = { from: daysBefore(today, 6), to: today };
  const is = (s: Span) => s.from === span.from && s.to === span.to;

  async function download() {
    setDownloading(true);
    try {
      const text = await shopMoneyCsv(shopId, span);
      const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `petti-${shopId}-${span.from}-to-${span.to}.csv`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toast(errorText(error), { variant: 'error', id: 'shop-money' });
    } finally {
      setDownloading(false);
    }
  }

  const totals = money.data?.totals;
  return (
    <PageIntro page="shopMoney">
      <fieldset className="shop-lanes money-spans">
        <legend className="sr-only">{t('shops.money.span')}</legend>
        {(
          [
            ['today', { from: today, to: today }],
            ['week', week],
          ] as const
        ).map(([name, s]) => (
          <button
            key={name}
            type="button"
            className={`shop-lanes__tab${is(s) ? ' shop-lanes__tab--on' : ''}`}
            aria-pressed={is(s)}
            onClick={() => {
              setSpan(s);
              setDraft(s);
            }}
            data-testid={`money-${name}`}
          >
            {t(`shops.money.${name}`)}
          </button>
        ))}
      </fieldset>
      <form
        className="money-span"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.from && draft.to && draft.from <= draft.to) setSpan(draft);
        }}
      >
        <TextField
          label={t('shops.money.from')}
          type="date"
          max={today}
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          data-testid="money-from"
        />
        <TextField
          label={t('shops.money.to')}
          type="date"
          max={today}
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          data-testid="money-to"
        />
        <button type="submit" className="button button--secondary" data-testid="money-show">
          {t('shops.money.show')}
        </button>
      </form>

      {money.isPending ? (
        <LoadingLine />
      ) : money.isError ? (
        <LoadFailedAlert
          reason={errorText(money.error)}
          error={money.error}
          onRetry={() => void money.refetch()}
        />
      ) : (
        <>
          <dl className="panel money-totals" data-testid="money-totals">
            <dt>{t('shops.money.orders')}</dt>
            <dd data-testid="money-orders">{totals?.orders}</dd>
            <dt>{t('shops.money.paid')}</dt>
            <dd data-testid="money-paid">{formatRupees(totals?.paidPaise ?? 0)}</dd>
            <dt>{t('shops.money.refunded')}</dt>
            <dd data-testid="money-refunded">−{formatRupees(totals?.refundedPaise ?? 0)}</dd>
            <dt>{t('shops.money.fees')}</dt>
            <dd data-testid="money-fees">−{formatRupees(totals?.pettiFeesPaise ?? 0)}</dd>
            <dt className="money-totals__owed">{t('shops.money.owed')}</dt>
            <dd className="money-totals__owed" data-testid="money-owed">
              {formatRupees(totals?.owedPaise ?? 0)}
            </dd>
          </dl>
          <button
            type="button"
            className="button button--secondary"
            disabled={downloading}
            aria-busy={downloading || undefined}
            onClick={() => void download()}
            data-testid="money-csv"
          >
            {downloading && <Spinner size={18} />}
            {t('shops.money.csv')}
          </button>
          {money.data?.orders.length === 0 ? (
            <p className="muted" data-testid="money-none">
              {t('shops.money.none')}
            </p>
          ) : (
            <ul className="money-list" data-testid="money-list">
              {money.data?.orders.map((o) => (
                <li key={o.orderId} className="money-list__order" data-testid={`money-order-${o.orderId}`}>
                  <span>
                    <strong>{t('shops.order.number', { id: o.orderId.slice(-5).toUpperCase() })}</strong>
                    <br />
                    <span className="muted">{townDateTime(o.paidAt, language)}</span>
                  </span>
                  <span className="money-list__amounts">
                    {formatRupees(o.paidPaise)}
                    {o.refundedPaise > 0 && (
                      <span className="money-list__refund">
                        {t('shops.money.refundedShort', { amount: formatRupees(o.refundedPaise) })}
                      </span>
                    )}
                    <span className="muted">
                      {t('shops.money.owedShort', { amount: formatRupees(o.owedPaise) })}
                    </span>
                    {payouts.data && (
                      <span className="muted" data-testid={`money-payout-${o.orderId}`}>
                        {payoutText(transfers.get(o.orderId))}
                      </span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="muted">{t('shops.money.explain')}</p>
          {payouts.isError ? (
            <LoadFailedAlert
              reason={errorText(payouts.error)}
              error={payouts.error}
              onRetry={() => void payouts.refetch()}
            />
          ) : payouts.data ? (
            <PayoutsPanel shopId={shopId} payouts={payouts.data} />
          ) : (
            <LoadingLine />
          )}
        </>
      )}
    </PageIntro>
  );
}

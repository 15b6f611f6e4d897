import { formatRupees } from '@petti/shared/rules/money';
import { townTime } from '@petti/shared/rules/town-time';
import type { Order } from '@petti/shared/schemas/orders';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { nameIn } from '../../../lib/orders/order-text.ts';
import { ordersKey } from '../../../lib/orders/orders.ts';
import { toast } from '../../../lib/ui/toast-store.ts';

/**
 * The shop has no X and offers Y: the buyer accepts or declines before the offer runs out
 * (docs/shops.md#an-item-is-not-there). No answer counts as declined, and that part is refunded.
 */
export function SubstitutionOffers({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const language = i18n.resolvedLanguage;
  const offers = order.substitutions.filter(
    (s) => s.status === 'offered' && Date.parse(s.expiresAt) > Date.now(),
  );
  if (offers.length === 0) return null;

  async function answer(id: string, what: 'accept' | 'decline') {
    setBusy(id);
    try {
      const next = await api.post<Order>(
        `/orders/${encodeURIComponent(order.id)}/substitutions/${encodeURIComponent(id)}/${what}`,
        {},
      );
      queryClient.setQueryData([...ordersKey, 'one', order.id], next);
      toast.success(t(what === 'accept' ? 'orders.substitute.accepted' : 'orders.substitute.declined'));
    } catch (error) {
      toast.error(errorText(error));
      void queryClient.invalidateQueries({ queryKey: [...ordersKey, 'one', order.id] });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      className="panel stack substitution"
      aria-labelledby="substitute-title"
      data-testid="substitution-offers"
    >
      <h2 id="substitute-title" className="panel__title">
        {t('orders.substitute.title')}
      </h2>
      {offers.map((s) => {
        const line = order.items.find((i) => i.vrntId === s.vrntId);
        return (
          <div key={s.id} className="stack" data-testid={`substitution-${s.id}`}>
            <p>
              {t('orders.substitute.body', {
                missing: nameIn(line?.name ?? s.substitute.name, language),
                substitute: nameIn(s.substitute.name, language),
                quantity: s.quantity,
                price: formatRupees(s.substitute.unitPricePaise * s.quantity),
                paid: formatRupees((line?.unitPricePaise ?? 0) * s.quantity),
              })}
            </p>
            <p className="muted">
              {t('orders.substitute.until', { time: townTime(s.expiresAt, language === 'ta' ? 'ta' : 'en') })}
            </p>
            <div className="form__actions">
              <button
                type="button"
                className="button button--primary"
                disabled={busy === s.id}
                onClick={() => void answer(s.id, 'accept')}
                data-testid="accept-substitute"
              >
                {t('orders.substitute.accept')}
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={busy === s.id}
                onClick={() => void answer(s.id, 'decline')}
                data-testid="decline-substitute"
              >
                {t('orders.substitute.decline')}
              </button>
            </div>
          </div>
        );
      })}
    </section>
  );
}

import { orderEndOf } from '@petti/shared/rules/order-cancel';
import { useTranslation } from '../../../lib/i18n/react.tsx';

/** Why a cancelled order ended, in the buyer's words: the shop's reason (and its note), or their own cancel. */
export function OrderEndNote({ cancelReason }: { cancelReason: string | null }) {
  const { t } = useTranslation();
  const end = orderEndOf(cancelReason);
  if (!end || end.by === 'payment') return null;
  if (end.by === 'buyer')
    return (
      <p className="note" data-testid="order-end">
        {t('orders.ended.buyer')}
      </p>
    );
  return (
    <div className="note" data-testid="order-end">
      <p>{t('orders.ended.shop', { reason: t(`orders.ended.reasons.${end.reason}`) })}</p>
      {end.note && <p>{t('orders.ended.shopNote', { note: end.note })}</p>}
    </div>
  );
}

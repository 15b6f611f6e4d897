import type { OrderState } from '@petti/shared/schemas/orders';
import { useTranslation } from '../../../lib/i18n/react.tsx';

const TONE: Partial<Record<OrderState, string>> = {
  delivered: 'success',
  collected: 'success',
  handed_over: 'success',
  cancelled: 'muted',
  timed_out: 'muted',
  awaiting_payment: 'warn',
};

export function OrderStatusBadge({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge--${TONE[state] ?? 'progress'}`} data-testid="order-status">
      {t(`orders.status.${state}`)}
    </span>
  );
}

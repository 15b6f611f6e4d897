import type { PaymentStatus } from '@petti/shared/schemas/payments';
import { useTranslation } from '../../../lib/i18n/react.tsx';

const TONE: Record<PaymentStatus, string> = {
  created: 'wait',
  authorized: 'wait',
  captured: 'good',
  failed: 'bad',
  refunded: 'done',
  partially_refunded: 'done',
};

export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`pay-chip pay-chip--${TONE[status]}`} data-testid="payment-status" data-status={status}>
      {t(`payments.status.${status}`)}
    </span>
  );
}

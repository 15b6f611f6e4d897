import type { BookingState } from '@petti/shared/rules/booking-states';
import { useTranslation } from '../../../lib/i18n/react.tsx';

const TONE: Record<BookingState, 'good' | 'wait' | 'bad' | 'done'> = {
  awaiting_payment: 'wait',
  scheduled: 'wait',
  reserved: 'good',
  active: 'good',
  waitlisted: 'wait',
  expired: 'bad',
  ended: 'done',
  timed_out: 'done',
  cancelled: 'done',
};

export function StatusChip({ state }: { state: BookingState }) {
  const { t } = useTranslation();
  return (
    <span className={`state-chip state-chip--${TONE[state]}`} data-testid="booking-state" data-state={state}>
      {t(`lockers.states.${state}`)}
    </span>
  );
}

import type { Order } from '@petti/shared/schemas/orders';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { timelineOf } from '../order-timeline.ts';

/** The order's steps for its delivery type, done / now / to come, with the time each happened. */
export function OrderTimeline({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage === 'ta' ? 'ta-IN' : 'en-IN', {
    hour: 'numeric',
    minute: '2-digit',
    day: 'numeric',
    month: 'short',
    timeZone: 'Asia/Kolkata',
  });
  const steps = timelineOf(order.deliveryType, order.state, order.timeline);
  const ended = order.state === 'cancelled' || order.state === 'timed_out';
  return (
    <ol className="timeline" data-testid="order-timeline">
      {steps.map((step) => (
        <li
          key={step.state}
          className={`timeline__step timeline__step--${step.status}`}
          aria-current={step.status === 'current' ? 'step' : undefined}
          data-testid={`step-${step.state}`}
          data-state={step.status}
        >
          <span className="timeline__dot" aria-hidden="true" />
          <span className="timeline__label">
            {t(`orders.status.${step.state}` as 'orders.status.placed')}
          </span>
          {step.at && <span className="timeline__time">{time.format(new Date(step.at))}</span>}
        </li>
      ))}
      {ended && (
        <li className="timeline__step timeline__step--cancelled" data-testid={`step-${order.state}`}>
          <span className="timeline__dot" aria-hidden="true" />
          <span className="timeline__label">
            {t(`orders.status.${order.state}` as 'orders.status.cancelled')}
          </span>
        </li>
      )}
    </ol>
  );
}

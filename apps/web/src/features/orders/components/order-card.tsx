import { ROUTES } from '@petti/shared/routes';
import { formatRupees } from '@petti/shared/rules/money';
import type { Order } from '@petti/shared/schemas/orders';
import { generatePath, Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { dateTimeFormat, shopNameOf, unitCount } from '../../../lib/orders/order-text.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

/** One order in a list: shop, status, when, how it comes, how many items and the total. */
export function OrderCard({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return (
    <li>
      <Link
        to={generatePath(ROUTES.myOrder, { id: order.id })}
        className="order-card"
        data-testid={`order-${order.id}`}
      >
        <span className="order-card__head">
          <strong>{shopNameOf(order, language)}</strong>
          <OrderStatusBadge state={order.state} />
        </span>
        <span className="muted">
          {dateTimeFormat(language).format(new Date(order.createdAt))} ·{' '}
          {t(`orders.type.${order.deliveryType}`)}
        </span>
        <span className="order-card__head">
          <span className="muted">{t('orders.itemCount', { count: unitCount(order) })}</span>
          <strong>{formatRupees(order.price.totalPaise)}</strong>
        </span>
      </Link>
    </li>
  );
}

import { ROUTES } from '@petti/shared/routes';
import { formatRupees } from '@petti/shared/rules/money';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { useErrorText } from '../../../lib/error-text.ts';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { CardSkeletons, EmptyState } from '../../catalog/components/skeletons.tsx';
import '../../catalog/shop.css';
import { useOrders } from '../api/orders-api.ts';
import { OrderStatusBadge } from '../components/order-status-badge.tsx';
import { dateTimeFormat, shopNameOf, unitCount } from '../order-text.ts';
import '../orders.css';
import { useOrderUpdates } from '../use-order-updates.ts';

/** /profile/MyOrders: every order, newest first, with its live status. */
export default function MyOrdersPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const orders = useOrders();
  useOrderUpdates();
  const language = i18n.resolvedLanguage;
  const date = dateTimeFormat(language);
  const list = orders.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <PageIntro page="myOrders">
      {orders.isPending ? (
        <CardSkeletons count={4} variant="row" />
      ) : orders.isError ? (
        <LoadFailedAlert reason={errorText(orders.error)} onRetry={() => void orders.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t('orders.empty')} body={t('orders.emptyBody')}>
          <Link to={ROUTES.myComplex} className="button button--primary">
            {t('orders.shop')}
          </Link>
        </EmptyState>
      ) : (
        <>
          <ul className="order-list" data-testid="order-list">
            {list.map((order) => (
              <li key={order.id}>
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
                    {date.format(new Date(order.createdAt))} · {t(`orders.type.${order.deliveryType}`)}
                  </span>
                  <span className="order-card__head">
                    <span className="muted">{t('orders.itemCount', { count: unitCount(order) })}</span>
                    <strong>{formatRupees(order.price.totalPaise)}</strong>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {orders.hasNextPage && (
            <div className="pager">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void orders.fetchNextPage()}
                disabled={orders.isFetchingNextPage}
              >
                {t('shop.loadMore')}
              </button>
            </div>
          )}
        </>
      )}
    </PageIntro>
  );
}

import { ROUTES } from '@petti/shared/routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { CardSkeletons, EmptyState } from '../../../lib/shop/skeletons.tsx';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import '../../../lib/shop/shop.css';
import { useOrders } from '../../../lib/orders/orders.ts';
import { OrderCard } from '../components/order-card.tsx';
import '../orders.css';
import { useOrderUpdates } from '../use-order-updates.ts';

/**
 * /profile/MyOrders: every order, newest first, with its live status. `extra` is what other features add
 * below (the app puts the orders with neighbours there).
 */
export default function MyOrdersPage({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const orders = useOrders();
  useOrderUpdates();
  const list = orders.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <PageIntro page="myOrders">
      {orders.isPending ? (
        <CardSkeletons count={4} variant="row" />
      ) : orders.isError ? (
        <LoadFailedAlert
          reason={errorText(orders.error)}
          error={orders.error}
          onRetry={() => void orders.refetch()}
        />
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
              <OrderCard key={order.id} order={order} />
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
      {extra}
    </PageIntro>
  );
}

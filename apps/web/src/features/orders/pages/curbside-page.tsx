import { ROUTES } from '@petti/shared/routes';
import { ORDER_FINAL_STATES } from '@petti/shared/schemas/orders';
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

const FINAL = new Set<string>(ORDER_FINAL_STATES);

/**
 * /curbside — the curbside pickups under way: open one to say "On my way" and "I'm here" (with a
 * bay or landmark) and the shop brings the order out. Also how curbside works, for a first-timer.
 */
export default function CurbsidePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const orders = useOrders();
  useOrderUpdates();
  const pickups = (orders.data?.pages.flatMap((p) => p.items) ?? []).filter(
    (o) => o.deliveryType === 'curbside' && !FINAL.has(o.state) && o.state !== 'awaiting_payment',
  );

  return (
    <PageIntro page="curbside">
      {orders.isPending ? (
        <CardSkeletons count={2} variant="row" />
      ) : orders.isError ? (
        <LoadFailedAlert
          reason={errorText(orders.error)}
          error={orders.error}
          onRetry={() => void orders.refetch()}
        />
      ) : pickups.length === 0 ? (
        <EmptyState title={t('orders.curbside.none')} body={t('orders.curbside.how')}>
          <Link to={ROUTES.myComplex} className="button button--primary">
            {t('orders.shop')}
          </Link>
        </EmptyState>
      ) : (
        <>
          <p className="muted">{t('orders.curbside.openOne')}</p>
          <ul className="order-list" data-testid="curbside-list">
            {pickups.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ul>
        </>
      )}
    </PageIntro>
  );
}

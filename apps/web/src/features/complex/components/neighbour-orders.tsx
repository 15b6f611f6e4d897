import { EVENTS } from '@petti/shared/events';
import { ROUTES } from '@petti/shared/routes';
import { useQueryClient } from '@tanstack/react-query';
import { generatePath, Link } from 'react-router';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useLiveEvents } from '../../../lib/realtime/index.ts';
import { rupees } from '../../../lib/shop/price.tsx';
import { CardSkeletons } from '../../../lib/shop/skeletons.tsx';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { useComplexOrders } from '../complex-api.ts';
import { ListingPhoto } from './listing-photo.tsx';
import '../complex.css';

/** On /profile/MyOrders: orders bought from and sold to neighbours, live (docs/complex.md#buying). */
export function NeighbourOrders() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const orders = useComplexOrders();
  useLiveEvents((e) => {
    if (e.event === EVENTS.complexOrderChanged)
      void queryClient.invalidateQueries({ queryKey: ['complex', 'orders'] });
  });
  // Nothing to show for someone who never traded with a neighbour: the section stays out of the way.
  if (orders.isSuccess && orders.data.length === 0) return null;
  return (
    <section className="section" aria-labelledby="neighbour-orders-title" data-testid="neighbour-orders">
      <h2 id="neighbour-orders-title" className="section__title">
        {t('complex.order.neighbours')}
      </h2>
      {orders.isPending ? (
        <CardSkeletons count={1} variant="row" />
      ) : orders.isError ? (
        <LoadFailedAlert
          reason={errorText(orders.error)}
          error={orders.error}
          onRetry={() => void orders.refetch()}
        />
      ) : (
        <ul className="complex-rows">
          {orders.data.map((o) => (
            <li key={o.id} className="complex-row complex-row--media">
              <ListingPhoto id={o.listingId} photo={o.photo} label={o.title} size="sm" />
              <Link
                to={generatePath(ROUTES.myOrder, { id: o.id })}
                className="complex-row__body"
                data-testid={`complex-order-${o.id}`}
              >
                <strong>{o.title}</strong>
                <span className="muted">
                  {t(`complex.order.role.${o.role}`)} · {rupees(o.totalPaise)} ·{' '}
                  {t(`complex.order.states.${o.state}`)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

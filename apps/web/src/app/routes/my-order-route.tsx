import { isComplexOrderId } from '@petti/shared/schemas/complex';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { BootSplash } from '../root.tsx';

const OrderDetails = lazy(() => import('../../features/orders/pages/order-details-page.tsx'));
const ComplexOrder = lazy(() => import('../../features/complex/pages/complex-order-page.tsx'));

/** `/profile/MyOrders/:id`: a shop order, or an order between residents (ids `co-…`). */
export default function MyOrderRoute() {
  const { id = '' } = useParams();
  return (
    <Suspense fallback={<BootSplash />}>
      {isComplexOrderId(id) ? <ComplexOrder /> : <OrderDetails />}
    </Suspense>
  );
}

import { NeighbourOrders } from '../../features/complex/components/neighbour-orders.tsx';
import MyOrdersPage from '../../features/orders/pages/my-orders-page.tsx';

/** `/profile/MyOrders`: shop orders, and below them the orders with neighbours. */
export default function MyOrdersRoute() {
  return <MyOrdersPage extra={<NeighbourOrders />} />;
}

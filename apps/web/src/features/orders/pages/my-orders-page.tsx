import { PageIntro } from '../../../lib/ui/page.tsx';

export default function MyOrdersPage() {
  return <PageIntro page="myOrders" />;
}

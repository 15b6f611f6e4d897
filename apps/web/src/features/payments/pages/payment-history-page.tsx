import { PageIntro } from '../../../lib/ui/page.tsx';

export default function PaymentHistoryPage() {
  return <PageIntro page="bookings" />;
}

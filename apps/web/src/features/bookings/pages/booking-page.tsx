import { PageIntro } from '../../../lib/ui/page.tsx';

export default function BookingPage() {
  return <PageIntro page="booking" />;
}

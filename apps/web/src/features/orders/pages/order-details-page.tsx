import { PageIntro } from '../../../lib/ui/page.tsx';

export default function OrderDetailsPage() {
  return <PageIntro page="myOrder" />;
}

import { PageIntro } from '../../../lib/ui/page.tsx';

export default function SubscriptionPage() {
  return <PageIntro page="subscription" />;
}

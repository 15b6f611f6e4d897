import { PageIntro } from '../../../lib/ui/page.tsx';

export default function PricingPage() {
  return <PageIntro page="pricing" />;
}

import { PageIntro } from '../../../lib/ui/page.tsx';

export default function BecomeSellerPage() {
  return <PageIntro page="becomeSeller" />;
}

import { PageIntro } from '../../../lib/ui/page.tsx';

export default function SellerLandingPage() {
  return <PageIntro page="sellerLandingPage" />;
}

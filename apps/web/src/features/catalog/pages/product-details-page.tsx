import { PageIntro } from '../../../lib/ui/page.tsx';

export default function ProductDetailsPage() {
  return <PageIntro page="productDetails" />;
}

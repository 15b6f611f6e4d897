import { PageIntro } from '../../../lib/ui/page.tsx';

export default function CategoryProductsPage() {
  return <PageIntro page="categoryProducts" />;
}

import { PageIntro } from '../../../lib/ui/page.tsx';

export default function SellProductPage() {
  return <PageIntro page="sellProduct" />;
}

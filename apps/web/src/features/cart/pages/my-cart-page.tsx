import { PageIntro } from '../../../lib/ui/page.tsx';

export default function MyCartPage() {
  return <PageIntro page="myCart" />;
}

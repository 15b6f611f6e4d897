import { PageIntro } from '../../../lib/ui/page.tsx';

export default function GrabProductDetailsPage() {
  return <PageIntro page="grabProductDetails" />;
}

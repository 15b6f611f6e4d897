import { PageIntro } from '../../../lib/ui/page.tsx';

export default function SubscribedPage() {
  return <PageIntro page="subscribed" />;
}

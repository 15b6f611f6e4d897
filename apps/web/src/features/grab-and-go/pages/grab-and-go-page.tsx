import { PageIntro } from '../../../lib/ui/page.tsx';

export default function GrabAndGoPage() {
  return <PageIntro page="grabAndGo" />;
}

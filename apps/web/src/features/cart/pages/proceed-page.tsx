import { PageIntro } from '../../../lib/ui/page.tsx';

export default function ProceedPage() {
  return <PageIntro page="procced" />;
}

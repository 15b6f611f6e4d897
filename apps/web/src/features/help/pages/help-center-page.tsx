import { PageIntro } from '../../../lib/ui/page.tsx';

export default function HelpCenterPage() {
  return <PageIntro page="helpCenter" />;
}

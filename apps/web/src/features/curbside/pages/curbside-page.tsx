import { PageIntro } from '../../../lib/ui/page.tsx';

export default function CurbsidePage() {
  return <PageIntro page="curbside" />;
}

import { PageIntro } from '../../../lib/ui/page.tsx';

export default function ThanksPage() {
  return <PageIntro page="thanksPage" />;
}

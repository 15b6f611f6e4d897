import { PageIntro } from '../../../lib/ui/page.tsx';

export default function SearchPage() {
  return <PageIntro page="search" />;
}

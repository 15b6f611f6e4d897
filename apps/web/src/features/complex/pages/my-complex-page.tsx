import { PageIntro } from '../../../lib/ui/page.tsx';

export default function MyComplexPage() {
  return <PageIntro page="myComplex" />;
}

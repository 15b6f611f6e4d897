import { PageIntro } from '../../../lib/ui/page.tsx';

export default function MyAddressPage() {
  return <PageIntro page="myAddress" />;
}

import { PageIntro } from '../../../lib/ui/page.tsx';

export default function EmailVerificationPage() {
  return <PageIntro page="emailVerification" />;
}

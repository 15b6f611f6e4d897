import { PageIntro } from '../../../lib/ui/page.tsx';
import { AccountLinks } from '../components/account-links.tsx';

export default function MyProfilePage() {
  return (
    <PageIntro page="myProfile">
      <AccountLinks />
    </PageIntro>
  );
}

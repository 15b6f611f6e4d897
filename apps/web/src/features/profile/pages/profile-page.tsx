import { PageIntro } from '../../../lib/ui/page.tsx';
import { AccountLinks } from '../components/account-links.tsx';

/** The marketplace's profile screen on phones (seed: "/profile (mobile profile)"). */
export default function ProfilePage() {
  return (
    <PageIntro page="profile">
      <AccountLinks />
    </PageIntro>
  );
}

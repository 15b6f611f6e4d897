import { PageIntro } from '../../../lib/ui/page.tsx';

export default function NotificationsPage() {
  return <PageIntro page="notifications" />;
}

import { PageIntro } from '../../../lib/ui/page.tsx';

export default function DashboardPage() {
  return <PageIntro page="dashboard" />;
}

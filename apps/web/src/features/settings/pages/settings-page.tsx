import { PageIntro } from '../../../lib/ui/page.tsx';

export default function SettingsPage() {
  return <PageIntro page="settings" />;
}

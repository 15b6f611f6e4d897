import { PageIntro } from '../../../lib/ui/page.tsx';

export default function ChatBotPage() {
  return <PageIntro page="chatBot" />;
}

import { useTranslation } from '../i18n/react.tsx';
import { useOnlineStatus } from '../use-online-status.ts';

/** While offline, browsing shows what the service worker saved: say so above the list. */
export function OfflineNote() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <p className="muted" role="status" data-testid="offline-cached">
      {t('shop.offlineCached')}
    </p>
  );
}

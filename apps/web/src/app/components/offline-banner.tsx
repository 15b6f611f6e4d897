import { useTranslation } from '../../lib/i18n/react.tsx';
import { OfflineIcon } from '../../lib/ui/icons.tsx';
import { useOnlineStatus } from '../../lib/use-online-status.ts';

/** Says so while the device is offline. The live region stays mounted so the change is announced. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const { t } = useTranslation();
  return (
    <div className="offline-banner-region" role="status">
      {!online && (
        <p className="offline-banner" data-testid="offline-banner">
          <OfflineIcon size={18} />
          <span>{t('offline.banner')}</span>
        </p>
      )}
    </div>
  );
}

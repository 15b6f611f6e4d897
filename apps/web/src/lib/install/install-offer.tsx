import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { localStore } from '../storage.ts';
import { installPromptAvailable, onInstallPromptChange, promptInstall } from './install-prompt.ts';

const DISMISSED = 'installOfferDismissed';

/**
 * "Install Petti": offered on a live booking or order (never before a first one), while the browser
 * has an install offer to give; "Not now" hides it for good.
 */
export function InstallOffer() {
  const { t } = useTranslation();
  const available = useSyncExternalStore(onInstallPromptChange, installPromptAvailable, () => false);
  const [dismissed, setDismissed] = useState(() => localStore().getItem(DISMISSED) === '1');
  if (!available || dismissed) return null;
  const dismiss = () => {
    localStore().setItem(DISMISSED, '1');
    setDismissed(true);
  };
  return (
    <aside className="panel stack" aria-labelledby="install-offer-title" data-testid="install-offer">
      <h2 id="install-offer-title" className="panel__title">
        {t('install.title')}
      </h2>
      <p>{t('install.body')}</p>
      <div className="place-actions">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => void promptInstall()}
          data-testid="install-app"
        >
          {t('install.install')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={dismiss}>
          {t('install.notNow')}
        </button>
      </div>
    </aside>
  );
}

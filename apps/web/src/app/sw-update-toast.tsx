import { TOAST_DEFAULTS } from '@petti/shared/constants';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../lib/i18n/react.tsx';
import { log } from '../lib/log.ts';
import { toast } from '../lib/ui/toast-store.ts';
import { registerServiceWorker } from './sw-update.ts';

const UPDATE_TOAST_ID = 'sw-update';

/** Registers the service worker (production builds only) and shows the update toast. */
export function ServiceWorkerUpdates() {
  const { t } = useTranslation();
  // Labels are translated when the toast appears; registration must not restart on a language switch.
  const translate = useRef(t);
  translate.current = t;

  useEffect(() => {
    if (!import.meta.env.PROD) return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    registerServiceWorker({
      onNeedRefresh: (activate) => {
        const tr = translate.current;
        toast.info(tr('sw.updateAvailable'), {
          id: UPDATE_TOAST_ID,
          timeoutMs: TOAST_DEFAULTS.updateTimeoutMs,
          actions: [{ label: tr('sw.refresh'), onClick: activate }, { label: tr('sw.dismiss') }],
        });
      },
    })
      .then((stopChecks) => {
        if (unmounted) stopChecks();
        else stop = stopChecks;
      })
      .catch((error: unknown) => log.warn('service worker registration failed', error));
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);

  return null;
}

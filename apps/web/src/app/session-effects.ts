import { useEffect } from 'react';
import { authEvents } from '../lib/auth-events.ts';
import { getLastUser, subscribeSession } from '../lib/auth-storage.ts';
import { i18n } from '../lib/i18n/index.ts';
// Holds the browser's install offer until a first booking or order (lib/install/install-prompt.ts).
import '../lib/install/install-prompt.ts';
import { localStore } from '../lib/storage.ts';
import { cancelAllDialogs } from '../lib/ui/dialog-store.ts';
import { toast } from '../lib/ui/toast-store.ts';
import { queryClient } from './query-client.ts';

/**
 * What the app does when the user changes: on signedOut (here) or a sign-out in another tab, the
 * cached server data of that user is dropped and open dialogs are closed; a session that could not
 * be renewed says so. The guard (require-auth.tsx) moves guarded pages to /login by itself.
 */
export function useSessionEffects(): void {
  useEffect(() => {
    const offSignedOut = authEvents.on('signedOut', ({ reason }) => {
      cancelAllDialogs();
      queryClient.clear();
      if (reason === 'expired') toast.info(i18n.t('errors.sessionExpired'), { id: 'session-expired' });
    });
    const offSignedIn = authEvents.on('signedIn', () => {
      // Nothing from an earlier user may show for the new one.
      queryClient.clear();
    });
    let lastUser = getLastUser(localStore());
    const offStorage = subscribeSession(() => {
      const user = getLastUser(localStore());
      if (user !== lastUser) {
        // Signed out or in as someone else in another tab.
        if (lastUser !== null) queryClient.clear();
        lastUser = user;
      }
    });
    return () => {
      offSignedOut();
      offSignedIn();
      offStorage();
    };
  }, []);
}

import { ROUTES } from '@petti/shared/routes';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { getLastUser, subscribeSession } from '../../../lib/auth-storage.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { BellIcon } from '../../../lib/ui/icons.tsx';
import { useUnreadCount } from '../api/notifications-api.ts';
import './bell.css';

/** The app bar's bell, with the number of unread notifications. */
export function NotificationsBell() {
  const { t } = useTranslation();
  const signedIn = useSyncExternalStore(
    subscribeSession,
    () => getLastUser() !== null,
    () => false,
  );
  const unread = useUnreadCount(signedIn).data ?? 0;
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('nav.notifications');
  return (
    <Link to={ROUTES.notifications} className="icon-button" aria-label={label}>
      <BellIcon />
      {unread > 0 && (
        <span className="count-badge bell__badge" data-testid="notifications-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}

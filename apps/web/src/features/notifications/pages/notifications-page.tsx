import { notificationIcon, notificationLink } from '@petti/shared/rules/notification-link';
import type { Notification } from '@petti/shared/schemas/lockers';
import { useNavigate } from 'react-router';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { AlertIcon, CheckIcon, InfoIcon, LockerIcon, ShopIcon } from '../../../lib/ui/icons.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications-api.ts';
import '../notifications.css';

const ICONS = {
  locker: LockerIcon,
  order: ShopIcon,
  plan: CheckIcon,
  payment: InfoIcon,
  alert: AlertIcon,
} as const;

/** /notifications — everything worth keeping that happened to the user's bookings, orders and plans. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const list = useNotifications();
  const markAll = useMarkAllRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = list.data?.pages[0]?.unreadCount ?? 0;

  return (
    <PageIntro page="notifications">
      {list.isPending ? (
        <LoadingLine />
      ) : list.isError ? (
        <LoadFailedAlert
          reason={errorText(list.error)}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="empty-note" data-testid="notifications-empty">
          {t('notifications.empty')}
        </p>
      ) : (
        <>
          {unread > 0 && (
            <button
              type="button"
              className="button button--ghost button--small notifications__all"
              onClick={() => markAll.mutate()}
              disabled={markAll.isPending}
            >
              {t('notifications.markAll', { count: unread })}
            </button>
          )}
          <ul className="notifications" data-testid="notifications-list">
            {items.map((n) => (
              <NotificationItem key={n.id} n={n} />
            ))}
          </ul>
          {list.hasNextPage && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? t('loading.label') : t('notifications.more')}
            </button>
          )}
        </>
      )}
    </PageIntro>
  );
}

function NotificationItem({ n }: { n: Notification }) {
  const { i18n } = useTranslation();
  const fmt = useDateFormat();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const link = notificationLink(n);
  const icon = notificationIcon(n.kind);
  const Icon = ICONS[icon];
  const open = () => {
    if (!n.readAt) markRead.mutate(n.id);
    if (link) navigate(link);
  };
  return (
    <li
      className={`notification${n.readAt ? '' : ' notification--unread'}`}
      data-testid="notification"
      data-kind={n.kind}
    >
      <button type="button" className="notification__button" onClick={open}>
        <span className={`notification__icon notification__icon--${icon}`} aria-hidden="true">
          <Icon size={20} />
        </span>
        <span className="notification__text">
          <span className="notification__title">{n.title[lang]}</span>
          <span className="notification__body">{n.body[lang]}</span>
          <time className="notification__time" dateTime={n.createdAt}>
            {fmt.timeOrDateTime(n.createdAt, Date.now())}
          </time>
        </span>
      </button>
    </li>
  );
}

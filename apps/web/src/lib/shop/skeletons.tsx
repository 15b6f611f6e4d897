import { useTranslation } from '../i18n/react.tsx';

/** Grey placeholders in the shape of the list that is loading (announced once as loading). */
export function CardSkeletons({ count = 6, variant = 'card' }: { count?: number; variant?: 'card' | 'row' }) {
  const { t } = useTranslation();
  return (
    <div className={`skeletons skeletons--${variant}`} role="status" aria-live="polite">
      <span className="sr-only">{t('loading.label')}</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className={`skeleton skeleton--${variant}`} aria-hidden="true" />
      ))}
    </div>
  );
}

/** Nothing to show, and why. */
export function EmptyState({
  title,
  body,
  children,
}: {
  title: string;
  body?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <p className="empty-state__title">{title}</p>
      {body && <p className="empty-state__body">{body}</p>}
      {children}
    </div>
  );
}

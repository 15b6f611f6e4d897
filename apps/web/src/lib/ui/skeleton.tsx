import { useTranslation } from 'react-i18next';

/**
 * Space held for content on its way, at the size it will be, so nothing below moves when it comes
 * (docs/performance.md#layout-shift). Hidden from screen readers, who hear `LoadingStatus` instead.
 */
export function Skeleton({ height, className = '' }: { height: number; className?: string }) {
  return <div className={`skeleton ${className}`.trim()} style={{ height }} aria-hidden="true" />;
}

/** "Loading…" for screen readers only, where a skeleton stands in for what is coming. */
export function LoadingStatus() {
  const { t } = useTranslation();
  return (
    <p role="status" className="sr-only">
      {t('loading.label')}
    </p>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';

/**
 * Space held for content on its way, at the size it will be, so nothing below moves when it comes
 * (docs/performance.md#layout-shift). Hidden from screen readers, who hear `LoadingStatus` instead.
 */
export function Skeleton({ height, className = '' }: { height: number; className?: string }) {
  return <div className={`skeleton ${className}`.trim()} style={{ height }} aria-hidden="true" />;
}

/**
 * Holds the room of a line of text whose words are known before its data (an empty state, say): the
 * words are laid out unseen, so the room is right in every language and at every width.
 */
export function SkeletonText({ className, children }: { className: string; children: ReactNode }) {
  return (
    <p className={`${className} skeleton skeleton--text`} aria-hidden="true">
      {children}
    </p>
  );
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

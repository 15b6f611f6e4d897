import type { ReactNode } from 'react';
import type { PageId } from '../i18n/en.ts';
import { useTranslation } from '../i18n/react.tsx';

/** A page's heading and one-line description, from pages.<id>.title / .description. */
export function PageIntro({ page, children }: { page: PageId; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <article className="page" data-testid={`page-${page}`}>
      <header className="page__header">
        <h1 className="page__title">{t(`pages.${page}.title`)}</h1>
        <p className="page__lead">{t(`pages.${page}.description`)}</p>
      </header>
      {children}
    </article>
  );
}

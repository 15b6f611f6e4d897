import type { ReactNode } from 'react';
import type { PageId } from '../i18n/en.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useNamedPage } from './page-title.ts';

/** A page's heading and one-line description, from pages.<id>.title / .description. */
export function PageIntro({
  page,
  children,
  title,
  lead,
}: {
  page: PageId;
  children?: ReactNode;
  /** A name from the page's data (a shop's), for the heading, the top bar and the document title. */
  title?: string | null;
  lead?: string;
}) {
  const { t } = useTranslation();
  useNamedPage(title);
  return (
    <article className="page" data-testid={`page-${page}`}>
      <header className="page__header">
        <h1 className="page__title">{title || t(`pages.${page}.title`)}</h1>
        <p className="page__lead">{(title && lead) || t(`pages.${page}.description`)}</p>
      </header>
      {children}
    </article>
  );
}

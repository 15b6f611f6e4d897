import type { PageId } from '../../../lib/i18n/en.ts';
import { PageIntro } from '../../../lib/ui/page.tsx';

export interface LegalSection {
  id: string;
  title: string;
  body: string;
}

/** A legal page: title, summary, introduction, then numbered sections. Strings arrive translated. */
export function LegalDocument({
  page,
  intro,
  sections,
}: {
  page: PageId;
  intro: string;
  sections: LegalSection[];
}) {
  return (
    <PageIntro page={page}>
      <div className="legal">
        <p>{intro}</p>
        <ol className="legal__sections">
          {sections.map((section) => (
            <li key={section.id} className="legal__section">
              <h2 className="legal__heading">{section.title}</h2>
              <p>{section.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </PageIntro>
  );
}

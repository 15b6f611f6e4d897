import { useTranslation } from '../../../lib/i18n/react.tsx';
import { LegalDocument } from '../components/legal-document.tsx';

const SECTIONS = [
  'account',
  'lockers',
  'prohibited',
  'orders',
  'refunds',
  'liability',
  'law',
  'credits',
] as const;

export default function TermsConditionsPage() {
  const { t } = useTranslation();
  return (
    <LegalDocument
      page="termsConditions"
      intro={t('legal.termsConditions.intro')}
      sections={SECTIONS.map((id) => ({
        id,
        title: t(`legal.termsConditions.${id}.title`),
        body: t(`legal.termsConditions.${id}.body`),
      }))}
    />
  );
}

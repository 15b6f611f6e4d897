import { useTranslation } from '../../../lib/i18n/react.tsx';
import { LegalDocument } from '../components/legal-document.tsx';

const SECTIONS = ['collect', 'use', 'share', 'keep', 'rights', 'contact'] as const;

export default function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return (
    <LegalDocument
      page="privacyPolicy"
      intro={t('legal.privacyPolicy.intro')}
      sections={SECTIONS.map((id) => ({
        id,
        title: t(`legal.privacyPolicy.${id}.title`),
        body: t(`legal.privacyPolicy.${id}.body`),
      }))}
    />
  );
}

import { useTranslation } from '../../../lib/i18n/react.tsx';
import { LegalDocument } from '../components/legal-document.tsx';

const SECTIONS = ['area', 'home', 'locker', 'curbside', 'problems'] as const;

export default function ShippingPolicyPage() {
  const { t } = useTranslation();
  return (
    <LegalDocument
      page="shippingPolicy"
      intro={t('legal.shippingPolicy.intro')}
      sections={SECTIONS.map((id) => ({
        id,
        title: t(`legal.shippingPolicy.${id}.title`),
        body: t(`legal.shippingPolicy.${id}.body`),
      }))}
    />
  );
}

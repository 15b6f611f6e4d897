import { ROUTES } from '@petti/shared/routes';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n/react.tsx';

const LINKS = [
  { to: ROUTES.privacyPolicy, page: 'privacyPolicy' },
  { to: ROUTES.termsConditions, page: 'termsConditions' },
  { to: ROUTES.shippingPolicy, page: 'shippingPolicy' },
  { to: ROUTES.pricing, page: 'pricing' },
] as const;

/** Footer links to the legal pages and pricing. */
export function LegalLinks() {
  const { t } = useTranslation();
  return (
    <nav className="legal-links" aria-label={t('nav.legal')}>
      <ul>
        {LINKS.map(({ to, page }) => (
          <li key={to}>
            <Link to={to}>{t(`pages.${page}.title`)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

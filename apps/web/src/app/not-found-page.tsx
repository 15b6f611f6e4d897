import { ROUTES } from '@petti/shared/routes';
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n/react.tsx';
import { LogoMark } from '../lib/ui/icons.tsx';
import { OfflineBanner } from './components/offline-banner.tsx';

/** Any path outside the route table (docs/product.md#routes). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="layout layout--auth">
      <OfflineBanner />
      <main id="main" className="center-shell">
        <div className="card card--narrow status-card" data-testid="not-found">
          <LogoMark size={48} />
          <h1 className="status-card__title">{t('pages.notFound.title')}</h1>
          <p className="status-card__body">{t('pages.notFound.description')}</p>
          <div className="status-card__actions">
            <Link className="button button--primary" to={ROUTES.dashboard}>
              {t('notFound.home')}
            </Link>
          </div>
        </div>
      </main>
    </div>
  );
}

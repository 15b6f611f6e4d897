import { ROUTES } from '@petti/shared/routes';
import { useTranslation } from '../i18n/react.tsx';
import { LogoMark } from './icons.tsx';

/**
 * The page shown when something fails to render (a thrown error, a lazy page that could not load).
 * Plain <a> links: it may be shown outside the router, and a full reload is the right fix anyway.
 */
export function ErrorView() {
  const { t } = useTranslation();
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <main className="center-shell">
      <div className="card card--narrow status-card" role="alert">
        <LogoMark size={48} />
        <h1 className="status-card__title">{t('error.title')}</h1>
        <p className="status-card__body">{offline ? t('error.offlineBody') : t('error.body')}</p>
        <div className="status-card__actions">
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            {t('error.reload')}
          </button>
          <a className="button button--ghost" href={ROUTES.dashboard}>
            {t('error.home')}
          </a>
        </div>
      </div>
    </main>
  );
}

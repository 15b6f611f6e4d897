import { ROUTES } from '@petti/shared/routes';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { LiveIndicator } from '../../lib/realtime/live-indicator.tsx';
import { BackIcon } from '../../lib/ui/icons.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';

/**
 * The top bar of a section's layout (the complex marketplace, the shop's side): the logo on wide
 * screens, back, the title, the live state and the language. Back goes where the person came from,
 * or, on a page opened directly, to the section's first page (and from there home).
 */
export function MarketBar({
  section,
  title,
  titleClassName,
  children,
  languageOnPhones = false,
}: {
  /** The section's first page. */
  section: string;
  title: ReactNode;
  titleClassName?: string;
  /** Shown between the live state and the language (the cart). */
  children?: ReactNode;
  /** The language as one button on phones too (the shop's screens: staff switch there and then). */
  languageOnPhones?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const goBack = () => {
    // React Router keeps its own history index; 0 means this page was opened directly.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(pathname === section ? ROUTES.dashboard : section);
  };
  return (
    <header className="app-bar market-bar">
      <div className="market-bar__logo">
        <Logo to={ROUTES.dashboard} />
      </div>
      <button type="button" className="icon-button" aria-label={t('nav.back')} onClick={goBack}>
        <BackIcon />
      </button>
      {/* The page's own <h1> carries the title for assistive technology. */}
      <span className={`market-bar__title${titleClassName ? ` ${titleClassName}` : ''}`} aria-hidden="true">
        {title}
      </span>
      <LiveIndicator />
      {children}
      <div className="market-bar__lang">
        <LanguageSwitch />
      </div>
      {languageOnPhones && (
        <div className="market-bar__lang-phone">
          <LanguageSwitch compact />
        </div>
      )}
    </header>
  );
}

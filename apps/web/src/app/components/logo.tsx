import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { LogoMark } from '../../lib/ui/icons.tsx';

/** The Petti mark and name, linking to `to`. */
export function Logo({ to, size = 32 }: { to: string; size?: number }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="logo">
      <LogoMark size={size} />
      <span className="logo__name">{t('app.name')}</span>
    </Link>
  );
}

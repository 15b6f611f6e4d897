import { ROUTES } from '@petti/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageIntro } from '../../../lib/ui/page.tsx';

export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <PageIntro page="login">
      <p className="page__aside">
        {t('auth.newHere')} <Link to={ROUTES.register}>{t('auth.createAccount')}</Link>
      </p>
    </PageIntro>
  );
}

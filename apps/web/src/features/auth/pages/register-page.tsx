import { ROUTES } from '@petti/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageIntro } from '../../../lib/ui/page.tsx';

export default function RegisterPage() {
  const { t } = useTranslation();
  return (
    <PageIntro page="register">
      <p className="page__aside">
        {t('auth.haveAccount')} <Link to={ROUTES.login}>{t('auth.signIn')}</Link>
      </p>
    </PageIntro>
  );
}

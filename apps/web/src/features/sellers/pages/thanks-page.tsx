import { ROUTES } from '@petti/shared/routes';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { CheckIcon } from '../../../lib/ui/icons.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import '../sellers.css';

/** /thanksPage: the application reached Petti; what happens next. */
export default function ThanksPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('ref');
  return (
    <PageIntro page="thanksPage">
      <section className="seller-thanks card" data-testid="seller-thanks">
        <span className="seller-thanks__check">
          <CheckIcon size={40} />
        </span>
        <h2 className="status-card__title">{t('sellers.thanks.title')}</h2>
        <p>{t('sellers.thanks.body')}</p>
        {id && <p className="seller-partner__meta">{t('sellers.thanks.reference', { id })}</p>}
        <Link to={ROUTES.sellerLandingPage} className="button button--secondary">
          {t('sellers.thanks.back')}
        </Link>
      </section>
    </PageIntro>
  );
}

import { telLink, whatsappLink } from '@petti/shared/rules/contact-links';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useSupportContacts } from '../support-api.ts';

/** On every help screen: how to reach a person (docs/product.md#help). Hidden when nothing is configured. */
export function HumanHelp() {
  const { t } = useTranslation();
  const contacts = useSupportContacts();
  const c = contacts.data;
  if (!c || (!c.phone && !c.email && !c.whatsapp)) return null;
  return (
    <section className="human-help" aria-labelledby="human-help-title" data-testid="human-help">
      <h2 id="human-help-title" className="section__title">
        {t('help.human.title')}
      </h2>
      <p className="muted">{t('help.human.lead')}</p>
      <div className="human-help__ways">
        {c.phone && (
          <a className="button button--secondary" href={telLink(c.phone)} data-testid="support-call">
            {t('help.human.call', { phone: c.phone })}
          </a>
        )}
        {c.whatsapp && (
          <a
            className="button button--secondary"
            href={whatsappLink(c.whatsapp)}
            target="_blank"
            rel="noreferrer"
            data-testid="support-whatsapp"
          >
            {t('help.human.whatsapp')}
          </a>
        )}
        {c.email && (
          <a className="button button--secondary" href={`mailto:${c.email}`} data-testid="support-email">
            {t('help.human.email', { email: c.email })}
          </a>
        )}
      </div>
    </section>
  );
}

import { ROUTES } from '@petti/shared/routes';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import '../../../lib/ui/form.css';
import { ChipFilter } from '../../../lib/ui/chip-filter.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { HumanHelp } from '../components/human-help.tsx';
import { FAQ, FAQ_TOPICS, type FaqTopic, searchFaq } from '../faq.ts';
import '../help.css';

/** /helpCenter: the questions shoppers ask most, searchable in English and Tamil, by topic. */
export default function HelpCenterPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const [query, setQuery] = useState('');
  const [topic, setTopic] = useState<FaqTopic | 'all'>('all');
  const found = useMemo(
    () => searchFaq(topic === 'all' ? FAQ : FAQ.filter((e) => e.topic === topic), query),
    [query, topic],
  );

  return (
    <PageIntro page="helpCenter">
      <search className="help-search">
        <label className="field__label" htmlFor="help-query">
          {t('help.searchLabel')}
        </label>
        <input
          id="help-query"
          className="input"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('help.searchPlaceholder')}
          autoComplete="off"
          data-testid="help-search"
        />
      </search>
      <ChipFilter
        legend={t('help.searchLabel')}
        options={['all', ...FAQ_TOPICS] as const}
        value={topic}
        onChange={setTopic}
        label={(name) => (name === 'all' ? t('help.allTopics') : t(`help.topics.${name}`))}
        testId={(name) => `help-topic-${name}`}
      />
      <p className="field__hint" role="status" data-testid="help-count">
        {t('help.results', { count: found.length })}
      </p>
      {found.length === 0 ? (
        <div className="empty-note stack" data-testid="help-empty">
          <p>{t('help.noResults', { query: query.trim() })}</p>
          <button type="button" className="button button--secondary" onClick={() => setQuery('')}>
            {t('help.clear')}
          </button>
        </div>
      ) : (
        <ul className="faq-list" data-testid="faq-list">
          {found.map((e) => (
            <li key={e.id}>
              <details className="faq" data-testid={`faq-${e.id}`} open={found.length === 1 || undefined}>
                <summary className="faq__question">{e.q[lang]}</summary>
                <p className="faq__answer">{e.a[lang]}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
      <p className="help-more">
        {t('help.stillStuck')} <Link to={ROUTES.dashboard}>{t('help.myBookings')}</Link> ·{' '}
        <Link to={ROUTES.myOrders}>{t('help.myOrders')}</Link>
      </p>
      <HumanHelp />
    </PageIntro>
  );
}

import { EVENTS } from '@petti/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useLiveEvents } from '../../../lib/realtime/index.ts';
import { localName } from '../../../lib/shop/product-text.ts';
import { CardSkeletons } from '../../../lib/shop/skeletons.tsx';
import { FormAlert, LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { leaveComplex, useMembership } from '../complex-api.ts';
import { ComplexHome } from '../components/complex-home.tsx';
import { JoinComplex } from '../components/join-complex.tsx';
import { TownMarket } from '../components/town-market.tsx';
import '../../../lib/shop/shop.css';
import '../../../lib/ui/form.css';
import '../complex.css';

/**
 * /myComplex: for a member, the complex's home above the town's shops; waiting for approval, that is
 * said; anyone else is offered joining beside the town's shops (docs/complex.md).
 */
export default function MyComplexPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const membership = useMembership();
  const [moving, setMoving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const m = membership.data;
  const language = i18n.resolvedLanguage;

  // The admin decided (here or on another device): show the new state at once.
  useLiveEvents((e) => {
    if (e.event === EVENTS.complexMembershipDecided || e.event === EVENTS.complexJoinRequested) {
      void queryClient.invalidateQueries({ queryKey: ['complex'] });
    }
  });

  async function withdraw() {
    try {
      await leaveComplex();
      await queryClient.invalidateQueries({ queryKey: ['complex'] });
    } catch (error) {
      setFailure(errorText(error));
    }
  }

  let top = null;
  if (membership.isPending) top = <CardSkeletons count={2} variant="row" />;
  else if (membership.isError)
    top = (
      <LoadFailedAlert
        reason={errorText(membership.error)}
        error={membership.error}
        onRetry={() => void membership.refetch()}
      />
    );
  else if (m?.status === 'approved' && !moving)
    top = <ComplexHome membership={m} onMove={() => setMoving(true)} />;
  else if (m?.status === 'pending')
    top = (
      <section className="section complex-pending" data-testid="complex-pending">
        <h2 className="section__title">{t('complex.pending.title')}</h2>
        <p>
          {t('complex.pending.body', {
            complex: localName(m.complex.name, language),
            block: m.block,
            flat: m.flat,
          })}
        </p>
        {failure && <FormAlert>{failure}</FormAlert>}
        <button type="button" className="button button--ghost button--small" onClick={() => void withdraw()}>
          {t('complex.pending.withdraw')}
        </button>
      </section>
    );
  else
    top = (
      <>
        {m?.status === 'refused' && (
          <FormAlert testId="complex-refused">
            <p>
              <strong>{t('complex.refused.title')}</strong>
            </p>
            <p>{t('complex.refused.body', { complex: localName(m.complex.name, language) })}</p>
            {m.note && <p>{t('complex.refused.reason', { note: m.note })}</p>}
          </FormAlert>
        )}
        <JoinComplex current={m ?? null} />
        {moving && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setMoving(false)}
          >
            {t('complex.join.cancel')}
          </button>
        )}
      </>
    );

  return (
    <PageIntro page="myComplex">
      {top}
      <h2 className="section__title complex-town-title">{t('complex.home.townShops')}</h2>
      <TownMarket />
    </PageIntro>
  );
}

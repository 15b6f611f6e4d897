import { type ComplexSummary, flatSchema, type Membership } from '@petti/shared/schemas/complex';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, startTransition, useActionState, useState } from 'react';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { localName } from '../../../lib/shop/product-text.ts';
import { CardSkeletons, EmptyState } from '../../../lib/shop/skeletons.tsx';
import { useShopLocation } from '../../../lib/shop/use-shop-location.ts';
import { Field, FormAlert, LoadFailedAlert, SubmitButton, TextField } from '../../../lib/ui/form.tsx';
import { joinComplex, useComplexes } from '../complex-api.ts';

interface JoinState {
  errors: { block?: string; flat?: string };
  failure: string | null;
}

/**
 * Finding one's complex (by name or area, nearest first) and asking to join with block and flat
 * (docs/complex.md#membership). A member asking here is moving: told they leave the old one.
 */
export function JoinComplex({ current }: { current: Membership | null }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const location = useShopLocation();
  const [q, setQ] = useState('');
  const complexes = useComplexes({ q: q.trim(), lat: location.point.lat, lng: location.point.lng });
  const [chosen, setChosen] = useState<ComplexSummary | null>(null);
  const [block, setBlock] = useState('');
  const [flat, setFlat] = useState('');
  const language = i18n.resolvedLanguage;

  // The request to join as an action: what it answered (the fields' rules, or why it failed) and
  // whether it is on its way, kept by React.
  const [{ errors, failure }, ask, pending] = useActionState(
    async (
      _before: JoinState,
      request: { complexId: string; block: string; flat: string },
    ): Promise<JoinState> => {
      const flatOk = flatSchema.safeParse(request.flat);
      const errors = {
        block: request.block ? undefined : t('complex.join.chooseBlock'),
        flat: flatOk.success ? undefined : t('complex.join.flatHint'),
      };
      if (errors.block || errors.flat) return { errors, failure: null };
      try {
        const membership = await joinComplex({
          complexId: request.complexId,
          block: request.block,
          flat: flatOk.data!,
        });
        queryClient.setQueryData(['complex', 'membership'], membership);
        await queryClient.invalidateQueries({ queryKey: ['complex'] });
        return { errors: {}, failure: null };
      } catch (error) {
        return { errors: {}, failure: errorText(error) };
      }
    },
    { errors: {}, failure: null },
  );

  // Sent from the form's submit event rather than as its `action`: an action's automatic form reset
  // would blank the chosen block and flat if the request fails.
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    startTransition(() => ask({ complexId: chosen.id, block, flat }));
  }

  return (
    <section className="section complex-join" aria-labelledby="complex-join-title" data-testid="complex-join">
      <h2 id="complex-join-title" className="section__title">
        {t('complex.join.title')}
      </h2>
      <p className="muted">{t('complex.join.lead')}</p>
      {current?.status === 'approved' && (
        <FormAlert variant="info">
          {t('complex.join.moveWarning', { complex: localName(current.complex.name, language) })}
        </FormAlert>
      )}
      {!chosen ? (
        <>
          <TextField
            label={t('complex.join.searchLabel')}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('complex.join.searchPlaceholder')}
            data-testid="complex-search"
          />
          {complexes.isPending ? (
            <CardSkeletons count={2} variant="row" />
          ) : complexes.isError ? (
            <LoadFailedAlert
              reason={errorText(complexes.error)}
              error={complexes.error}
              onRetry={() => void complexes.refetch()}
            />
          ) : complexes.data.length === 0 ? (
            <EmptyState title={t('complex.join.none')} />
          ) : (
            <ul className="complex-list" data-testid="complex-list">
              {complexes.data.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="complex-option"
                    onClick={() => setChosen(c)}
                    data-testid={`complex-${c.id}`}
                  >
                    <strong>{localName(c.name, language)}</strong>
                    <span className="muted">{localName(c.address, language)}</span>
                    {c.distanceKm !== null && (
                      <span className="muted">{t('complex.join.distance', { km: c.distanceKm })}</span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <form className="stack" onSubmit={onSubmit} noValidate data-testid="join-form">
          <p>
            <strong>{localName(chosen.name, language)}</strong>
            <br />
            <span className="muted">{localName(chosen.address, language)}</span>
          </p>
          <Field label={t('complex.join.block')} error={errors.block}>
            {(ids) => (
              <select
                id={ids.input}
                name="block"
                className="input"
                value={block}
                onChange={(e) => setBlock(e.target.value)}
                aria-describedby={ids.describedBy}
                aria-invalid={errors.block ? true : undefined}
                data-testid="join-block"
              >
                <option value="">{t('complex.join.chooseBlock')}</option>
                {chosen.blocks.map((b) => (
                  <option key={b} value={b}>
                    {b}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            label={t('complex.join.flat')}
            hint={t('complex.join.flatHint')}
            name="flat"
            value={flat}
            onChange={(e) => setFlat(e.target.value)}
            error={errors.flat}
            autoComplete="off"
            data-testid="join-flat"
          />
          {failure && <FormAlert>{failure}</FormAlert>}
          <div className="complex-actions">
            <SubmitButton pending={pending} pendingLabel={t('complex.join.asking')} testId="join-submit">
              {t('complex.join.ask')}
            </SubmitButton>
            <button type="button" className="button button--ghost" onClick={() => setChosen(null)}>
              {t('complex.join.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

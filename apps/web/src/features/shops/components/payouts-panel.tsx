import { isValidAccountNumber, isValidIfsc } from '@petti/shared/rules/bank-account';
import { formatRupees } from '@petti/shared/rules/money';
import type { PayoutAccountBody, ShopPayouts } from '@petti/shared/schemas/shop-payouts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorText } from '../../../lib/error-text.ts';
import { type FieldErrors, focusFirstError } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { FormAlert, SubmitButton, TextField } from '../../../lib/ui/form.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { linkPayoutAccount } from '../shops-api.ts';

type FieldName = keyof PayoutAccountBody;
const FIELDS: readonly FieldName[] = ['beneficiaryName', 'accountNumber', 'ifsc', 'email'];
const EMPTY: PayoutAccountBody = { beneficiaryName: '', accountNumber: '', ifsc: '', email: '' };

/**
 * How the shop is paid (docs/shops.md#settlement): the bank account Petti sends each order's share to,
 * what has been sent and settled into the bank, what is still on its way, and any refund the shop owes
 * because it came after the money reached the bank.
 */
export function PayoutsPanel({ shopId, payouts }: { shopId: string; payouts: ShopPayouts }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { account, totals } = payouts;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<PayoutAccountBody>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const showForm = editing || !account || account.status === 'failed';

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found: FieldErrors<FieldName> = {};
    if (draft.beneficiaryName.trim().length < 3) found.beneficiaryName = t('shops.payout.nameNeeded');
    if (!isValidAccountNumber(draft.accountNumber)) found.accountNumber = t('errorCodes.BankAccountInvalid');
    if (!isValidIfsc(draft.ifsc)) found.ifsc = t('errorCodes.IfscInvalid');
    if (!/^\S+@\S+\.\S+$/.test(draft.email.trim())) found.email = t('shops.payout.emailNeeded');
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length) {
      focusFirstError(found, FIELDS, form);
      return;
    }
    setPending(true);
    try {
      await linkPayoutAccount(shopId, draft);
      toast(t('shops.payout.linked'), { variant: 'success', id: 'shop-payout' });
      setEditing(false);
      setDraft(EMPTY);
      await queryClient.invalidateQueries({ queryKey: ['shops', shopId, 'payouts'] });
    } catch (error) {
      setProblem(errorText(error));
      await queryClient.invalidateQueries({ queryKey: ['shops', shopId, 'payouts'] });
    } finally {
      setPending(false);
    }
  }

  const field = (name: keyof PayoutAccountBody) => ({
    value: draft[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [name]: e.target.value }),
    name,
    'data-testid': `payout-${name}`,
  });

  return (
    <section className="panel payouts" aria-labelledby="payouts-title" data-testid="payouts">
      <h2 id="payouts-title">{t('shops.payout.title')}</h2>
      {account && (
        <p data-testid="payout-account">
          {t(`shops.payout.state.${account.status}`, { last4: account.accountLast4, ifsc: account.ifsc })}
          {account.problem && account.status !== 'activated' && (
            <span className="muted"> ({account.problem})</span>
          )}
        </p>
      )}
      {!account && <p data-testid="payout-none">{t('shops.payout.none')}</p>}
      <dl className="money-totals" data-testid="payout-totals">
        <dt>{t('shops.payout.paid')}</dt>
        <dd data-testid="payout-paid">{formatRupees(totals.paidPaise)}</dd>
        <dt>{t('shops.payout.settled')}</dt>
        <dd data-testid="payout-settled">{formatRupees(totals.settledPaise)}</dd>
        <dt>{t('shops.payout.waiting')}</dt>
        <dd data-testid="payout-waiting">{formatRupees(totals.waitingPaise)}</dd>
        {totals.owedToPettiPaise > 0 && (
          <>
            <dt>{t('shops.payout.owedToPetti')}</dt>
            <dd data-testid="payout-owed">−{formatRupees(totals.owedToPettiPaise)}</dd>
          </>
        )}
      </dl>
      {totals.owedToPettiPaise > 0 && (
        <FormAlert variant="info" testId="payout-owed-note">
          {t('shops.payout.owedNote', { amount: formatRupees(totals.owedToPettiPaise) })}
        </FormAlert>
      )}
      {showForm ? (
        <form className="payout-form" onSubmit={(e) => void save(e)} noValidate>
          <p className="muted">{t('shops.payout.formHelp')}</p>
          <TextField label={t('shops.payout.name')} autoComplete="name" {...field('beneficiaryName')} />
          <TextField
            label={t('shops.payout.number')}
            inputMode="numeric"
            autoComplete="off"
            {...field('accountNumber')}
          />
          <TextField
            label={t('shops.payout.ifsc')}
            hint={t('shops.payout.ifscHint')}
            autoCapitalize="characters"
            autoComplete="off"
            {...field('ifsc')}
          />
          <TextField label={t('shops.payout.email')} type="email" autoComplete="email" {...field('email')} />
          {problem && <FormAlert testId="payout-problem">{problem}</FormAlert>}
          <SubmitButton pending={pending} pendingLabel={t('shops.payout.linking')} testId="payout-save">
            {t('shops.payout.save')}
          </SubmitButton>
        </form>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setEditing(true)}
          data-testid="payout-change"
        >
          {t('shops.payout.change')}
        </button>
      )}
    </section>
  );
}

import { ROUTES } from '@petti/shared/routes';
import { displayPhone } from '@petti/shared/rules/phone';
import type { ShopRole } from '@petti/shared/schemas/shops';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { generatePath, Link, useParams } from 'react-router';
import { useMe } from '../../../lib/current-user.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { confirm } from '../../../lib/ui/dialog-store.ts';
import { FormAlert, LoadFailedAlert, SubmitButton } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { useMyShops } from '../../../lib/work/my-shops.ts';
import { addShopMember, removeShopMember, useShopMembers } from '../shops-api.ts';
import '../../../lib/ui/form.css';
import '../shops.css';

/**
 * /shop/:shopId/people — who works in the shop (docs/shops.md#roles). Everyone sees the list; the owner
 * adds people by phone (before they sign up, too) and removes them, which takes effect on their next tap.
 */
export default function ShopPeoplePage() {
  const { shopId = '' } = useParams();
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const me = useMe();
  const mine = useMyShops();
  const membership = mine.data?.shops.find((s) => s.shop.id === shopId);
  const isOwner = membership?.role === 'owner';
  const members = useShopMembers(shopId);
  const [phone, setPhone] = useState('');
  const [role, setRole] = useState<ShopRole>('staff');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['shops', shopId, 'members'] });

  async function add(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setProblem(null);
    try {
      const added = await addShopMember(shopId, { phone, role });
      toast(t('shops.people.added', { phone: displayPhone(added.phone) }), { variant: 'success' });
      setPhone('');
      await refresh();
    } catch (error) {
      // Nothing typed is lost: the number stays in the field to correct.
      setProblem(errorText(error));
    } finally {
      setPending(false);
    }
  }

  async function remove(memberPhone: string, name: string) {
    const answer = await confirm({
      title: t('shops.people.removeTitle', { name }),
      message: t('shops.people.removeBody'),
      confirmLabel: t('shops.people.remove'),
      danger: true,
    });
    if (answer !== 'confirm') return;
    try {
      await removeShopMember(shopId, memberPhone);
      toast(t('shops.people.removed'), { variant: 'success' });
    } catch (error) {
      toast(errorText(error), { variant: 'error' });
    }
    await refresh();
  }

  return (
    <PageIntro page="shopPeople">
      {members.isPending ? (
        <LoadingLine />
      ) : members.isError ? (
        <LoadFailedAlert
          reason={errorText(members.error)}
          error={members.error}
          onRetry={() => void members.refetch()}
        />
      ) : (
        <ul className="shop-people" data-testid="shop-people">
          {members.data.map((m) => {
            const name = m.name ?? displayPhone(m.phone);
            const isMe = me.data?.phone === m.phone;
            return (
              <li key={m.phone} className="shop-person">
                <span className="shop-person__who">
                  <strong>
                    {name}
                    {isMe ? ` (${t('shops.people.you')})` : ''}
                  </strong>
                  <span className="muted">
                    {t(m.role === 'owner' ? 'shops.people.owner' : 'shops.people.staff')}
                    {/* Someone not signed up is named by their number already. */}
                    {m.name ? ` · ${displayPhone(m.phone)}` : ''}
                  </span>
                  {!m.signedUp && <span className="muted">{t('shops.people.notSignedUp')}</span>}
                </span>
                {isOwner && !isMe && (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => void remove(m.phone, name)}
                    data-testid={`remove-${m.phone}`}
                  >
                    {t('shops.people.remove')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Link
        to={generatePath(ROUTES.shopSettings, { shopId })}
        className="panel shop-settings-link"
        data-testid="shop-settings-link"
      >
        {t('shops.settings.link')}
      </Link>
      {isOwner && (
        <Link
          to={generatePath(ROUTES.shopMoney, { shopId })}
          className="panel shop-settings-link"
          data-testid="shop-money-link"
        >
          {t('shops.money.link')}
        </Link>
      )}
      {isOwner ? (
        <form className="panel stack" onSubmit={(e) => void add(e)} noValidate>
          <h2 className="panel__title">{t('shops.people.add')}</h2>
          <label className="field__label" htmlFor="member-phone">
            {t('shops.people.phone')}
          </label>
          <div className="phone-input">
            <span className="phone-input__prefix" aria-hidden="true">
              +91
            </span>
            <input
              id="member-phone"
              className="input"
              inputMode="numeric"
              autoComplete="off"
              maxLength={14}
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              aria-invalid={problem ? true : undefined}
              data-testid="member-phone"
            />
          </div>
          <fieldset className="stack">
            <legend className="field__label">{t('shops.people.role')}</legend>
            {(['staff', 'owner'] as const).map((r) => (
              <label key={r} className="radio-row">
                <input type="radio" name="role" value={r} checked={role === r} onChange={() => setRole(r)} />
                <span>{t(r === 'owner' ? 'shops.people.roleOwner' : 'shops.people.roleStaff')}</span>
              </label>
            ))}
          </fieldset>
          {problem && <FormAlert>{problem}</FormAlert>}
          <SubmitButton
            pending={pending}
            pendingLabel={t('shops.people.addButton')}
            disabled={!phone.trim()}
            testId="add-member"
          >
            {t('shops.people.addButton')}
          </SubmitButton>
        </form>
      ) : (
        mine.data && <p className="muted">{t('shops.people.ownerOnly')}</p>
      )}
    </PageIntro>
  );
}

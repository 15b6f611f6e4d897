import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { CardSkeletons, EmptyState } from '../../../lib/shop/skeletons.tsx';
import { confirm } from '../../../lib/ui/dialog-store.ts';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import '../../../lib/shop/shop.css';
import '../addresses.css';
import { useAddresses, withSavedAddressParam } from '../../../lib/addresses/addresses.ts';
import { type Address, type AddressInput, useAddressMutations } from '../api/addresses-api.ts';
import { AddressForm } from '../components/address-form.tsx';

/** Only app paths may be returned to (no open redirect). */
function safeReturn(value: string | null): string | null {
  return value?.startsWith('/') && !value.startsWith('//') ? value : null;
}

/** /profile/MyAddress: saved addresses, add / edit with a map pin inside the town, delete, default. */
export default function MyAddressPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturn(params.get('return'));
  const errorText = useErrorText();
  const addresses = useAddresses();
  const { create, update, makeDefault: setDefault, remove } = useAddressMutations();
  const [editing, setEditing] = useState<Address | 'new' | null>(returnTo ? 'new' : null);

  const save = async (input: AddressInput) => {
    let created: Address | null = null;
    if (editing === 'new') created = await create.mutateAsync(input);
    else if (editing) {
      const { isDefault, ...fields } = input;
      await update.mutateAsync({
        id: editing.id,
        input: { ...fields, ...(isDefault && { isDefault: true }) },
      });
    }
    toast.success(t('addresses.saved'), { id: 'address-saved' });
    setEditing(null);
    // A new address goes back to the page that asked for it (the cart), which chooses it.
    if (returnTo) navigate(created ? withSavedAddressParam(returnTo, created.id) : returnTo);
  };

  const onDelete = async (address: Address) => {
    const answer = await confirm({
      title: t('addresses.deleteTitle'),
      message: t('addresses.deleteBody', { label: address.label }),
      confirmLabel: t('addresses.delete'),
      danger: true,
    });
    if (answer !== 'confirm') return;
    try {
      await remove.mutateAsync(address.id);
      toast.success(t('addresses.deleted'), { id: 'address-deleted' });
    } catch (error) {
      toast.error(errorText(error), { id: 'address-delete-failed' });
    }
  };

  const makeDefault = async (address: Address) => {
    try {
      await setDefault.mutateAsync(address.id);
    } catch (error) {
      toast.error(errorText(error), { id: 'address-default-failed' });
    }
  };

  if (editing) {
    return (
      <PageIntro page="myAddress">
        <AddressForm
          key={editing === 'new' ? 'new' : editing.id}
          initial={editing === 'new' ? undefined : editing}
          pending={create.isPending || update.isPending}
          onSave={save}
          onCancel={() => (returnTo ? navigate(returnTo) : setEditing(null))}
        />
      </PageIntro>
    );
  }

  return (
    <PageIntro page="myAddress">
      <p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setEditing('new')}
          data-testid="add-address"
        >
          {t('addresses.add')}
        </button>
      </p>
      {addresses.isPending ? (
        <CardSkeletons count={2} variant="row" />
      ) : addresses.isError ? (
        <LoadFailedAlert
          reason={errorText(addresses.error)}
          error={addresses.error}
          onRetry={() => void addresses.refetch()}
        />
      ) : addresses.data.length === 0 ? (
        <EmptyState title={t('addresses.empty')} body={t('addresses.emptyBody')} />
      ) : (
        <ul className="address-list" data-testid="address-list">
          {addresses.data.map((a) => (
            <li key={a.id} className="address-card" data-testid={`address-${a.id}`}>
              <div className="address-card__head">
                <strong>{a.label}</strong>
                {a.isDefault && <span className="badge badge--success">{t('addresses.default')}</span>}
              </div>
              <p>{[a.line1, a.line2].filter(Boolean).join(', ')}</p>
              {a.landmark && <p className="muted">{a.landmark}</p>}
              <div className="address-card__actions">
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setEditing(a)}
                >
                  {t('addresses.edit')}
                </button>
                {!a.isDefault && (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => void makeDefault(a)}
                    disabled={setDefault.isPending}
                  >
                    {t('addresses.makeDefault')}
                  </button>
                )}
                <button
                  type="button"
                  className="button button--ghost button--small address-card__delete"
                  onClick={() => void onDelete(a)}
                  disabled={remove.isPending}
                >
                  {t('addresses.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </PageIntro>
  );
}

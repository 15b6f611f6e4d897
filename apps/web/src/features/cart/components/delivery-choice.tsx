import { ROUTES } from '@petti/shared/routes';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useStore } from 'zustand';
import { SAVED_ADDRESS_PARAM, useAddresses } from '../../../lib/addresses/addresses.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { localName } from '../../../lib/shop/product-text.ts';
import { Field, LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { useParcelSites } from '../api/locker-sites.ts';
import { checkoutStore } from '../checkout.ts';
import { type DeliveryType, isVehicleNo, withOfferedTypes, withSavedAddress } from '../checkout-store.ts';

const TYPES: DeliveryType[] = ['home', 'locker', 'curbside'];

/**
 * How the order reaches the shopper: home (a saved address), a parcel locker (a site that takes
 * parcels), or curbside (vehicle number, optional someone else collecting). Only the shop's modes
 * are offered, and never a locker for hazardous goods.
 */
export function DeliveryChoice({ modes, lockerRefused }: { modes: string[]; lockerRefused: boolean }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const choice = useStore(checkoutStore);
  const type = choice.selectedDeliveryType;
  const addresses = useAddresses();
  const sites = useParcelSites(type === 'locker');
  const offered = TYPES.filter((m) => modes.includes(m) && !(m === 'locker' && lockerRefused));
  const language = i18n.resolvedLanguage;
  const offeredKey = offered.join(',');
  // Another shop's cart: a type this shop does not offer is chosen again, not carried to checkout.
  useEffect(() => {
    if (offeredKey === '') return; // the shop's modes are not known yet
    const current = checkoutStore.getState();
    const next = withOfferedTypes(current, offeredKey.split(',') as DeliveryType[]);
    if (next !== current) checkoutStore.update(next);
  }, [offeredKey]);
  // The saved addresses known: the one just added from here, or the default, is chosen for the
  // shopper (docs/product.md#addresses); the address page's hand-back leaves the address bar.
  const [params, setParams] = useSearchParams();
  const justSaved = params.get(SAVED_ADDRESS_PARAM);
  useEffect(() => {
    if (!addresses.data) return;
    const current = checkoutStore.getState();
    const next = withSavedAddress(current, addresses.data, justSaved);
    if (next !== current) checkoutStore.update(next);
    if (justSaved)
      setParams(
        (now) => {
          now.delete(SAVED_ADDRESS_PARAM);
          return now;
        },
        { replace: true },
      );
  }, [addresses.data, justSaved, setParams]);

  return (
    <section className="panel stack" aria-labelledby="delivery-title" data-testid="delivery-choice">
      <h2 id="delivery-title" className="panel__title">
        {t('cart.delivery.title')}
      </h2>
      <fieldset className="delivery-types">
        <legend className="sr-only">{t('cart.delivery.title')}</legend>
        {offered.map((m) => (
          <label key={m} className="choice" data-testid={`delivery-${m}`}>
            <input
              type="radio"
              name="deliveryType"
              value={m}
              checked={type === m}
              onChange={() => checkoutStore.update({ selectedDeliveryType: m })}
            />
            {t(`cart.delivery.${m}`)}
          </label>
        ))}
      </fieldset>
      {lockerRefused && modes.includes('locker') && (
        <p className="muted">{t('cart.delivery.noLockerHazard')}</p>
      )}

      {type === 'home' &&
        (addresses.isPending ? (
          <p className="muted">{t('loading.label')}</p>
        ) : addresses.isError ? (
          <LoadFailedAlert
            reason={errorText(addresses.error)}
            error={addresses.error}
            onRetry={() => void addresses.refetch()}
          />
        ) : (
          <fieldset className="option-list">
            <legend className="field__label">{t('cart.delivery.address')}</legend>
            {addresses.data.length === 0 && <p className="muted">{t('cart.delivery.noAddress')}</p>}
            {addresses.data.map((a) => (
              <label key={a.id} className="option" data-testid={`address-option-${a.id}`}>
                <input
                  type="radio"
                  name="address"
                  value={a.id}
                  checked={choice.deliveryAddress === a.id}
                  onChange={() => checkoutStore.update({ deliveryAddress: a.id })}
                />
                <span>
                  <strong>{a.label}</strong>
                  <br />
                  <span className="muted">{[a.line1, a.line2, a.landmark].filter(Boolean).join(', ')}</span>
                </span>
              </label>
            ))}
            <Link
              to={`${ROUTES.myAddress}?return=${encodeURIComponent(ROUTES.myCart)}`}
              className="button button--ghost button--small"
            >
              {t('cart.delivery.addAddress')}
            </Link>
          </fieldset>
        ))}

      {type === 'locker' &&
        (sites.isPending ? (
          <p className="muted">{t('loading.label')}</p>
        ) : sites.isError ? (
          <LoadFailedAlert
            reason={errorText(sites.error)}
            error={sites.error}
            onRetry={() => void sites.refetch()}
          />
        ) : (
          <fieldset className="option-list">
            <legend className="field__label">{t('cart.delivery.locker')}</legend>
            {sites.data.length === 0 && <p className="muted">{t('cart.delivery.noLockers')}</p>}
            {sites.data.map((s) => (
              <label key={s.id} className="option" data-testid={`site-option-${s.id}`}>
                <input
                  type="radio"
                  name="site"
                  value={s.id}
                  checked={choice.parcelLockerDetails === s.id}
                  onChange={() => checkoutStore.update({ parcelLockerDetails: s.id })}
                  disabled={!s.online}
                />
                <span>
                  <strong>{localName(s.name, language)}</strong>
                  <br />
                  <span className="muted">
                    {localName(s.address, language)}
                    {!s.online && ` · ${t('cart.delivery.siteOffline')}`}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        ))}

      {type === 'curbside' && (
        <div className="stack">
          <Field
            label={t('cart.delivery.vehicleNo')}
            hint={t('cart.delivery.vehicleHint')}
            error={
              choice.vehicleNo && !isVehicleNo(choice.vehicleNo)
                ? t('cart.delivery.vehicleInvalid')
                : undefined
            }
          >
            {(ids) => (
              <input
                id={ids.input}
                className="input"
                value={choice.vehicleNo}
                onChange={(e) => checkoutStore.update({ vehicleNo: e.target.value.toUpperCase() })}
                autoCapitalize="characters"
                autoComplete="off"
                maxLength={16}
                aria-describedby={ids.describedBy}
                data-testid="vehicle-no"
              />
            )}
          </Field>
          <Field label={t('cart.delivery.altName')} optional hint={t('cart.delivery.altHint')}>
            {(ids) => (
              <input
                id={ids.input}
                className="input"
                value={choice.alternatePickup?.name ?? ''}
                onChange={(e) =>
                  checkoutStore.update({
                    alternatePickup: { name: e.target.value, phone: choice.alternatePickup?.phone ?? '' },
                  })
                }
                maxLength={80}
                aria-describedby={ids.describedBy}
                data-testid="alt-name"
              />
            )}
          </Field>
          {choice.alternatePickup?.name && (
            <Field label={t('cart.delivery.altPhone')} optional>
              {(ids) => (
                <input
                  id={ids.input}
                  className="input"
                  type="tel"
                  inputMode="tel"
                  value={choice.alternatePickup?.phone ?? ''}
                  onChange={(e) =>
                    checkoutStore.update({
                      alternatePickup: { name: choice.alternatePickup?.name ?? '', phone: e.target.value },
                    })
                  }
                  maxLength={16}
                />
              )}
            </Field>
          )}
        </div>
      )}
    </section>
  );
}

import { TOWN_CENTRE } from '@petti/shared/constants';
import { isInsideTown, type LatLng } from '@petti/shared/rules/geo';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { fieldOf, useErrorText } from '../../../lib/error-text.ts';
import { type FieldErrors, focusFirstError } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { Field, FormAlert, SubmitButton, TextField } from '../../../lib/ui/form.tsx';
import { type Address, type AddressInput, type Place, usePlaces } from '../api/addresses-api.ts';
import { TownMap } from './town-map.tsx';

type AddressField = 'label' | 'line1' | 'pin';
const FIELD_ORDER: AddressField[] = ['label', 'line1', 'pin'];

function placeName(place: Place, language: string | undefined): string {
  return (language === 'ta' && place.name.ta) || place.name.en;
}

/** Add or edit an address: label, lines, landmark, and a pin found by search or placed on the map. */
export function AddressForm({
  initial,
  pending,
  onSave,
  onCancel,
}: {
  initial?: Address;
  pending: boolean;
  onSave: (input: AddressInput) => Promise<void>;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const form = useRef<HTMLFormElement>(null);
  const [label, setLabel] = useState(initial?.label ?? '');
  const [line1, setLine1] = useState(initial?.line1 ?? '');
  const [line2, setLine2] = useState(initial?.line2 ?? '');
  const [landmark, setLandmark] = useState(initial?.landmark ?? '');
  const [pin, setPin] = useState<LatLng>(initial ? { lat: initial.lat, lng: initial.lng } : TOWN_CENTRE);
  const [pinMoved, setPinMoved] = useState(Boolean(initial));
  const [isDefault, setIsDefault] = useState(initial?.isDefault ?? false);
  const [q, setQ] = useState('');
  const places = usePlaces(q);
  const language = i18n.resolvedLanguage;
  const landmarks = useMemo(
    () =>
      (places.data ?? []).slice(0, 6).map((p) => ({
        key: p.id,
        label: placeName(p, language),
        lat: p.lat,
        lng: p.lng,
      })),
    [places.data, language],
  );
  const [errors, setErrors] = useState<FieldErrors<AddressField>>({});
  const [failure, setFailure] = useState<unknown>(null);

  const movePin = (next: LatLng) => {
    setPin(next);
    setPinMoved(true);
    setErrors((e) => ({ ...e, pin: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found: FieldErrors<AddressField> = {};
    if (!label.trim()) found.label = t('addresses.form.required');
    if (!line1.trim()) found.line1 = t('addresses.form.required');
    if (!pinMoved) found.pin = t('addresses.form.placePin');
    else if (!isInsideTown(pin)) found.pin = t('addresses.form.outOfTown');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found, FIELD_ORDER, form.current);
      return;
    }
    try {
      await onSave({
        label: label.trim(),
        line1: line1.trim(),
        line2: line2.trim() || null,
        landmark: landmark.trim() || null,
        lat: pin.lat,
        lng: pin.lng,
        isDefault,
      });
    } catch (error) {
      const field = fieldOf(error);
      if (field === 'lat' || field === 'lng') setErrors({ pin: t('addresses.form.outOfTown') });
      else if (field === 'label' || field === 'line1') setErrors({ [field]: errorText(error) });
      else setFailure(error);
    }
  };

  return (
    <form ref={form} className="form panel" noValidate onSubmit={onSubmit} data-testid="address-form">
      <h2 className="panel__title">
        {initial ? t('addresses.form.editTitle') : t('addresses.form.addTitle')}
      </h2>
      {failure !== null && (
        <FormAlert>
          <p>{errorText(failure)}</p>
        </FormAlert>
      )}
      <TextField
        label={t('addresses.form.label')}
        hint={t('addresses.form.labelHint')}
        name="label"
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        error={errors.label}
        maxLength={40}
        data-testid="address-label"
      />
      <TextField
        label={t('addresses.form.line1')}
        name="line1"
        value={line1}
        onChange={(e) => setLine1(e.target.value)}
        error={errors.line1}
        maxLength={120}
        autoComplete="address-line1"
        data-testid="address-line1"
      />
      <TextField
        label={t('addresses.form.line2')}
        optional
        name="line2"
        value={line2}
        onChange={(e) => setLine2(e.target.value)}
        maxLength={120}
        autoComplete="address-line2"
      />
      <TextField
        label={t('addresses.form.landmark')}
        optional
        name="landmark"
        value={landmark}
        onChange={(e) => setLandmark(e.target.value)}
        maxLength={120}
      />
      <Field label={t('addresses.form.search')} hint={t('addresses.form.searchHint')}>
        {(ids) => (
          <input
            id={ids.input}
            className="input"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            aria-describedby={ids.describedBy}
            data-testid="place-search"
          />
        )}
      </Field>
      {places.data && places.data.length > 0 && (
        <ul className="place-results" data-testid="place-results">
          {places.data.slice(0, 6).map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="place-result"
                onClick={() => {
                  movePin({ lat: p.lat, lng: p.lng });
                  if (!landmark.trim()) setLandmark(placeName(p, language));
                  setQ('');
                }}
              >
                <strong>{placeName(p, language)}</strong>
                <span className="muted"> · {t(`addresses.kinds.${p.kind}`, { defaultValue: p.kind })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {places.data && places.data.length === 0 && q.trim().length >= 2 && (
        <p className="muted">{t('addresses.form.noPlaces')}</p>
      )}
      <div className="field" id="pin">
        <span className="field__label">{t('addresses.form.pin')}</span>
        <TownMap pin={pin} onChange={movePin} landmarks={landmarks} />
        {errors.pin && (
          <p className="field__error" data-testid="pin-error">
            {errors.pin}
          </p>
        )}
      </div>
      <label className="switch-row">
        <span className="switch-row__text">
          <span className="switch-row__label">{t('addresses.form.makeDefault')}</span>
        </span>
        <input type="checkbox" checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />
      </label>
      <div className="form__actions">
        <SubmitButton pending={pending} pendingLabel={t('addresses.form.saving')} testId="address-save">
          {t('addresses.form.save')}
        </SubmitButton>
        <button type="button" className="button button--ghost button--block" onClick={onCancel}>
          {t('dialog.cancel')}
        </button>
      </div>
    </form>
  );
}

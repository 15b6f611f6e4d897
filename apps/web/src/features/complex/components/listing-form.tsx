import {
  COMPLEX_RULES,
  HANDOVER_MODES,
  LISTING_CONDITIONS,
  type Listing,
  type ListingInput,
  listingInput,
  type Photo,
} from '@petti/shared/schemas/complex';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-error.ts';
import { fieldOf, useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { localName } from '../../../lib/shop/product-text.ts';
import { useCategories } from '../../../lib/shop/shop-api.ts';
import { Field, FormAlert, SubmitButton, TextField } from '../../../lib/ui/form.tsx';
import { TextAreaField } from '../../../lib/ui/text-area-field.tsx';
import { createListing, updateListing, uploadPhoto } from '../complex-api.ts';
import { ListingPhoto } from './listing-photo.tsx';

type FieldName = 'title' | 'description' | 'categoryId' | 'price' | 'quantity' | 'handover' | 'photoIds';
const ORDER: FieldName[] = ['title', 'categoryId', 'price', 'quantity', 'handover', 'photoIds'];
const IMAGE_TYPES = /^image\/(jpeg|png|webp|gif|avif|heic|heif)$/;

/**
 * Listing an item, or editing one (docs/complex.md#listings): checked here with the shared rules, field by
 * field, and again by the server; photos are uploaded one by one as chosen (camera or gallery) and only
 * attached when the listing is saved, so nothing is half-saved.
 */
export function ListingForm({ listing, onSaved }: { listing?: Listing; onSaved: (l: Listing) => void }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const formRef = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState(listing?.title ?? '');
  const [description, setDescription] = useState(listing?.description ?? '');
  const [categoryId, setCategoryId] = useState(listing?.categoryId ?? '');
  const [price, setPrice] = useState(listing ? String(listing.pricePaise / 100) : '');
  const [quantity, setQuantity] = useState(String(listing?.quantity ?? 1));
  const [condition, setCondition] = useState<ListingInput['condition']>(listing?.condition ?? 'used');
  const [handover, setHandover] = useState<ListingInput['handover']>(listing?.handover ?? ['in_person']);
  const [hazardous, setHazardous] = useState(listing?.hazardous ?? false);
  const [photos, setPhotos] = useState<Photo[]>(listing?.photos ?? []);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // A field's message goes as soon as the field is changed; the next submit checks again.
  const clear = (field: FieldName) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const messageFor = (field: FieldName): string => {
    switch (field) {
      case 'title':
        return t('complex.form.errors.title');
      case 'price':
        return t('complex.form.errors.price');
      case 'quantity':
        return t('complex.form.errors.quantity');
      case 'categoryId':
        return t('complex.form.errors.category');
      case 'handover':
        return hazardous && handover.includes('complex_locker')
          ? t('complex.form.errors.hazardousLocker')
          : t('complex.form.errors.handover');
      case 'photoIds':
        return t('complex.form.errors.photos', { max: COMPLEX_RULES.maxPhotos });
      default:
        return '';
    }
  };

  async function onPhotos(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setErrors((e) => ({ ...e, photoIds: undefined }));
    for (const file of files) {
      if (photos.length >= COMPLEX_RULES.maxPhotos) {
        setErrors((e) => ({ ...e, photoIds: messageFor('photoIds') }));
        break;
      }
      if (!IMAGE_TYPES.test(file.type)) {
        setErrors((e) => ({ ...e, photoIds: t('complex.form.errors.photoType') }));
        continue;
      }
      if (file.size > COMPLEX_RULES.maxPhotoBytes) {
        setErrors((e) => ({ ...e, photoIds: t('complex.form.errors.photoSize') }));
        continue;
      }
      setUploading(true);
      try {
        const photo = await uploadPhoto(file);
        setPhotos((p) => [...p, photo]);
      } catch (error) {
        setErrors((e) => ({ ...e, photoIds: errorText(error) }));
      } finally {
        setUploading(false);
      }
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const rupees = Number(price);
    const candidate = {
      title,
      description,
      categoryId,
      pricePaise: price.trim() && Number.isFinite(rupees) ? Math.round(rupees * 100) : Number.NaN,
      quantity: Number(quantity),
      condition,
      handover,
      hazardous,
      photoIds: photos.map((p) => p.id),
    };
    const parsed = listingInput.safeParse(candidate);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        const field = (key === 'pricePaise' ? 'price' : key) as FieldName;
        next[field] ??= messageFor(field);
      }
      setErrors(next);
      const first = ORDER.find((f) => next[f]);
      const el = first ? formRef.current?.elements.namedItem(first) : null;
      if (el instanceof HTMLElement) el.focus();
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const saved = listing ? await updateListing(listing.id, parsed.data) : await createListing(parsed.data);
      await queryClient.invalidateQueries({ queryKey: ['complex'] });
      onSaved(saved);
    } catch (error) {
      const field = fieldOf(error);
      const mapped = (field === 'pricePaise' ? 'price' : field) as FieldName | undefined;
      if (mapped && isApiError(error) && ORDER.includes(mapped)) setErrors({ [mapped]: errorText(error) });
      else setFailure(errorText(error));
    } finally {
      setPending(false);
    }
  }

  const toggleHandover = (mode: (typeof HANDOVER_MODES)[number], on: boolean) =>
    setHandover((h) => (on ? [...h.filter((x) => x !== mode), mode] : h.filter((x) => x !== mode)));

  return (
    <form
      ref={formRef}
      className="stack listing-form"
      onSubmit={onSubmit}
      noValidate
      data-testid="listing-form"
    >
      <TextField
        label={t('complex.form.title')}
        hint={t('complex.form.titleHint')}
        name="title"
        value={title}
        onChange={(e) => {
          setTitle(e.target.value);
          clear('title');
        }}
        error={errors.title}
        maxLength={COMPLEX_RULES.maxTitle}
        data-testid="listing-title"
      />
      <TextAreaField
        label={t('complex.form.description')}
        hint={t('complex.form.descriptionHint')}
        optional
        name="description"
        rows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        maxLength={COMPLEX_RULES.maxDescription}
        data-testid="listing-description"
      />
      <Field label={t('complex.form.category')} error={errors.categoryId}>
        {(ids) => (
          <select
            id={ids.input}
            name="categoryId"
            className="input"
            value={categoryId}
            onChange={(e) => {
              setCategoryId(e.target.value);
              clear('categoryId');
            }}
            aria-describedby={ids.describedBy}
            aria-invalid={errors.categoryId ? true : undefined}
            data-testid="listing-category"
          >
            <option value="">{t('complex.form.chooseCategory')}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {localName(c.name, i18n.resolvedLanguage)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="listing-form__pair">
        <TextField
          label={t('complex.form.price')}
          name="price"
          inputMode="decimal"
          value={price}
          onChange={(e) => {
            setPrice(e.target.value);
            clear('price');
          }}
          error={errors.price}
          data-testid="listing-price"
        />
        <TextField
          label={t('complex.form.quantity')}
          name="quantity"
          inputMode="numeric"
          value={quantity}
          onChange={(e) => {
            setQuantity(e.target.value);
            clear('quantity');
          }}
          error={errors.quantity}
          data-testid="listing-quantity"
        />
      </div>
      <fieldset className="variant-choices">
        <legend className="field__label">{t('complex.form.condition')}</legend>
        {LISTING_CONDITIONS.map((c) => (
          <label key={c} className="choice" data-testid={`condition-${c}`}>
            <input
              type="radio"
              name="condition"
              value={c}
              checked={condition === c}
              onChange={() => setCondition(c)}
            />
            {t(`complex.listing.conditions.${c}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="variant-choices" aria-describedby={errors.handover ? 'handover-error' : undefined}>
        <legend className="field__label">{t('complex.form.handover')}</legend>
        {HANDOVER_MODES.map((mode) => (
          <label key={mode} className="choice" data-testid={`handover-${mode}`}>
            <input
              type="checkbox"
              name="handover"
              checked={handover.includes(mode)}
              disabled={mode === 'complex_locker' && hazardous}
              onChange={(e) => {
                toggleHandover(mode, e.target.checked);
                clear('handover');
              }}
            />
            {t(`complex.listing.handover.${mode}`)}
          </label>
        ))}
        {errors.handover && (
          <p className="field__error" id="handover-error">
            {errors.handover}
          </p>
        )}
      </fieldset>
      <label className="choice" data-testid="listing-hazardous">
        <input
          type="checkbox"
          checked={hazardous}
          onChange={(e) => {
            setHazardous(e.target.checked);
            if (e.target.checked) toggleHandover('complex_locker', false);
          }}
        />
        {t('complex.form.hazardous')}
      </label>
      {hazardous && <p className="muted">{t('complex.form.hazardousHint')}</p>}
      <Field
        label={t('complex.form.photos')}
        hint={t('complex.form.photosHint', { max: COMPLEX_RULES.maxPhotos })}
        error={errors.photoIds}
        optional
      >
        {(ids) => (
          <div className="listing-photos">
            <ul className="listing-photos__list">
              {photos.map((p, i) => (
                <li key={p.id}>
                  <ListingPhoto id={p.id} photo={p} label={title} size="sm" alt="" />
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => setPhotos((all) => all.filter((x) => x.id !== p.id))}
                    aria-label={t('complex.form.removePhoto', { n: i + 1 })}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
            {photos.length < COMPLEX_RULES.maxPhotos && (
              <label className="button button--secondary button--small listing-photos__add">
                {uploading ? t('complex.form.uploading') : t('complex.form.addPhoto')}
                <input
                  id={ids.input}
                  name="photoIds"
                  type="file"
                  accept="image/*"
                  multiple
                  className="sr-only"
                  onChange={(e) => void onPhotos(e)}
                  aria-describedby={ids.describedBy}
                  disabled={uploading}
                  data-testid="listing-photo-input"
                />
              </label>
            )}
          </div>
        )}
      </Field>
      {failure && <FormAlert>{failure}</FormAlert>}
      <SubmitButton
        pending={pending}
        pendingLabel={t('complex.form.saving')}
        disabled={uploading}
        testId="listing-save"
      >
        {listing ? t('complex.form.saveChanges') : t('complex.form.save')}
      </SubmitButton>
    </form>
  );
}

import { GST_SLABS, PACK_UNITS, type PackUnit } from '@petti/shared/rules/shop-catalog';
import type { Product } from '@petti/shared/schemas/catalog';
import { useState } from 'react';
import { useErrorText } from '../../../lib/error-text.ts';
import { type FieldErrors, focusFirstError } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { Field, FormAlert, SubmitButton, TextField } from '../../../lib/ui/form.tsx';
import { createProduct, sendProductPhoto } from '../shops-api.ts';
import { type PackDraft, readDraft } from '../stock-form.ts';
import { PackFields } from './pack-fields.tsx';
import { type ProductBasics, ProductBasicsFields } from './product-basics.tsx';

type NewField = 'nameEn' | 'nameTa' | 'categoryId' | 'size';

/**
 * A product new to the shop (docs/shops.md#stock-and-catalogue): English and Tamil names, category,
 * the hazardous flag and its first pack (size, price, MRP, stock, GST, barcode: scanned or typed,
 * `barcode` when the camera has just read one), and a photo sent once the product exists. Nothing typed
 * is lost when the server refuses: the form stays as it was, with the reason.
 */
export function NewProductForm({
  shopId,
  barcode,
  onDone,
  onCancel,
}: {
  shopId: string;
  barcode?: string | null;
  onDone(product: Product): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [basics, setBasics] = useState<ProductBasics>({ en: '', ta: '', categoryId: '', hazardous: false });
  const [unit, setUnit] = useState<PackUnit>('g');
  const [size, setSize] = useState('');
  const [taxPercent, setTaxPercent] = useState<(typeof GST_SLABS)[number]>(5);
  const [pack, setPack] = useState<PackDraft>({
    price: '',
    mrp: '',
    stock: '0',
    alwaysInventory: false,
    barcode: barcode ?? '',
  });
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors<NewField>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found: FieldErrors<NewField> = {};
    if (basics.en.trim().length < 2) found.nameEn = t('shops.stock.tooShort');
    if (!basics.ta.trim()) found.nameTa = t('shops.stock.required');
    if (!basics.categoryId) found.categoryId = t('errorCodes.CategoryUnknown');
    const unitValue = Number(size.trim());
    if (!(unitValue > 0)) found.size = t('shops.stock.notANumber');
    setErrors(found);
    const read = readDraft(pack);
    setProblem(
      'problem' in read
        ? t(read.problem === 'notANumber' ? 'shops.stock.notANumber' : `errorCodes.${read.problem}`)
        : null,
    );
    if (Object.keys(found).length > 0) {
      focusFirstError(found, ['nameEn', 'nameTa', 'categoryId', 'size'], form);
      return;
    }
    if ('problem' in read) return;
    setPending(true);
    try {
      const p = read.pack;
      let { product } = await createProduct(shopId, {
        name: { en: basics.en.trim(), ta: basics.ta.trim() },
        categoryId: basics.categoryId,
        hazardous: basics.hazardous,
        packs: [
          {
            unit,
            unitValue,
            pricePaise: p.pricePaise,
            mrpPaise: p.mrpPaise,
            inventory: p.alwaysInventory ? 0 : p.inventory,
            alwaysInventory: p.alwaysInventory,
            taxPercent,
            barcode: p.barcode,
          },
        ],
      });
      // The product exists now; a photo that fails is said, and can be taken again from its card.
      if (photo) {
        try {
          product = (await sendProductPhoto(shopId, product.id, photo)).product;
        } catch (error) {
          setProblem(errorText(error));
        }
      }
      onDone(product);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="panel stack" onSubmit={(e) => void submit(e)} noValidate data-testid="new-product">
      <h2 className="panel__title">{t('shops.stock.addTitle')}</h2>
      <ProductBasicsFields
        value={basics}
        onChange={(patch) => setBasics({ ...basics, ...patch })}
        errors={errors}
        testIds="new"
      />
      <div className="pack-fields__row">
        <TextField
          label={t('shops.stock.size')}
          name="size"
          inputMode="decimal"
          value={size}
          onChange={(e) => setSize(e.target.value)}
          error={errors.size}
          data-testid="new-size"
        />
        <Field label={t('shops.stock.unit')}>
          {(ids) => (
            <select
              id={ids.input}
              className="input"
              value={unit}
              onChange={(e) => setUnit(e.target.value as PackUnit)}
              data-testid="new-unit"
            >
              {PACK_UNITS.map((u) => (
                <option key={u} value={u}>
                  {t(`shops.stock.units.${u}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <PackFields draft={pack} onChange={setPack} idPrefix="new" />
      <Field label={t('shops.stock.gst')}>
        {(ids) => (
          <select
            id={ids.input}
            className="input"
            value={taxPercent}
            onChange={(e) => setTaxPercent(Number(e.target.value) as (typeof GST_SLABS)[number])}
            data-testid="new-gst"
          >
            {GST_SLABS.map((n) => (
              <option key={n} value={n}>
                {t('shops.stock.gstValue', { n })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('shops.stock.photo')} optional>
        {(ids) => (
          <input
            id={ids.input}
            type="file"
            accept="image/*"
            capture="environment"
            onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
            data-testid="new-photo"
          />
        )}
      </Field>
      {problem && (
        <FormAlert testId="new-product-problem">
          <p>{problem}</p>
        </FormAlert>
      )}
      <div className="stock-pack__actions">
        <SubmitButton
          pending={pending}
          pendingLabel={t('shops.stock.saving')}
          className="button button--primary"
          testId="new-product-save"
        >
          {t('shops.stock.create')}
        </SubmitButton>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('shops.stock.cancel')}
        </button>
      </div>
    </form>
  );
}

import { useTranslation } from '../../../lib/i18n/react.tsx';
import { localName } from '../../../lib/shop/product-text.ts';
import { useCategories } from '../../../lib/shop/shop-api.ts';
import { Field, TextField } from '../../../lib/ui/form.tsx';

export interface ProductBasics {
  en: string;
  ta: string;
  categoryId: string;
  hazardous: boolean;
}

/**
 * A product's English and Tamil names, category and hazardous flag: the same fields when a product is
 * added and when it is changed. `testIds`: names the fields for the journeys (`new` → `new-name-en`…).
 */
export function ProductBasicsFields({
  value,
  onChange,
  errors = {},
  testIds,
}: {
  value: ProductBasics;
  onChange(patch: Partial<ProductBasics>): void;
  errors?: { nameEn?: string; nameTa?: string; categoryId?: string };
  testIds?: string;
}) {
  const { t, i18n } = useTranslation();
  const categories = useCategories();
  const id = (name: string) => (testIds ? `${testIds}-${name}` : undefined);
  return (
    <>
      <TextField
        label={t('shops.stock.nameEn')}
        value={value.en}
        onChange={(e) => onChange({ en: e.target.value })}
        error={errors.nameEn}
        name="nameEn"
        maxLength={80}
        autoComplete="off"
        data-testid={id('name-en')}
      />
      <TextField
        label={t('shops.stock.nameTa')}
        value={value.ta}
        onChange={(e) => onChange({ ta: e.target.value })}
        error={errors.nameTa}
        name="nameTa"
        maxLength={80}
        autoComplete="off"
        lang="ta"
        data-testid={id('name-ta')}
      />
      <Field label={t('shops.stock.category')} error={errors.categoryId}>
        {(ids) => (
          <select
            id={ids.input}
            name="categoryId"
            className="input"
            value={value.categoryId}
            onChange={(e) => onChange({ categoryId: e.target.value })}
            aria-describedby={ids.describedBy}
            aria-invalid={errors.categoryId ? true : undefined}
            data-testid={id('category')}
          >
            {!value.categoryId && <option value="" />}
            {/* Until the categories arrive, the one already chosen stands alone. */}
            {!categories.data && value.categoryId && (
              <option value={value.categoryId}>{value.categoryId}</option>
            )}
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {localName(c.name, i18n.resolvedLanguage)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <label className="check-row">
        <input
          type="checkbox"
          checked={value.hazardous}
          onChange={(e) => onChange({ hazardous: e.target.checked })}
        />
        <span>{t('shops.stock.hazardous')}</span>
      </label>
    </>
  );
}

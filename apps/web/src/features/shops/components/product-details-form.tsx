import type { Product } from '@petti/shared/schemas/catalog';
import { useState } from 'react';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { localName } from '../../../lib/shop/product-text.ts';
import { useCategories } from '../../../lib/shop/shop-api.ts';
import { Field, FormAlert, SubmitButton, TextField } from '../../../lib/ui/form.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { changeProduct } from '../shops-api.ts';

/** A product's English and Tamil names, category and hazardous flag, changed from its stock card. */
export function ProductDetailsForm({
  shopId,
  product,
  onDone,
  onCancel,
}: {
  shopId: string;
  product: Product;
  onDone(product: Product): void;
  onCancel(): void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const categories = useCategories();
  const [en, setEn] = useState(product.name.en);
  const [ta, setTa] = useState(product.name.ta);
  const [categoryId, setCategoryId] = useState(product.categoryId);
  const [hazardous, setHazardous] = useState(product.hazardous);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (en.trim().length < 2 || !ta.trim()) {
      setProblem(t(en.trim().length < 2 ? 'shops.stock.tooShort' : 'shops.stock.required'));
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      const { product: next } = await changeProduct(shopId, product.id, {
        name: { en: en.trim(), ta: ta.trim() },
        categoryId,
        hazardous,
      });
      toast(t('shops.stock.saved'), { variant: 'success', id: 'stock' });
      onDone(next);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className="stack"
      onSubmit={(e) => void save(e)}
      noValidate
      data-testid={`product-form-${product.id}`}
    >
      <TextField
        label={t('shops.stock.nameEn')}
        value={en}
        maxLength={80}
        onChange={(e) => setEn(e.target.value)}
      />
      <TextField
        label={t('shops.stock.nameTa')}
        value={ta}
        maxLength={80}
        lang="ta"
        onChange={(e) => setTa(e.target.value)}
      />
      <Field label={t('shops.stock.category')}>
        {(ids) => (
          <select
            id={ids.input}
            className="input"
            value={categoryId}
            onChange={(e) => setCategoryId(e.target.value)}
          >
            {(categories.data ?? [{ id: product.categoryId, name: { en: product.categoryId, ta: '' } }]).map(
              (c) => (
                <option key={c.id} value={c.id}>
                  {localName(c.name, i18n.resolvedLanguage)}
                </option>
              ),
            )}
          </select>
        )}
      </Field>
      <label className="stock-check">
        <input type="checkbox" checked={hazardous} onChange={(e) => setHazardous(e.target.checked)} />
        <span>{t('shops.stock.hazardous')}</span>
      </label>
      {problem && (
        <FormAlert>
          <p>{problem}</p>
        </FormAlert>
      )}
      <div className="stock-pack__actions">
        <SubmitButton
          pending={pending}
          pendingLabel={t('shops.stock.saving')}
          className="button button--primary button--small"
          testId={`product-save-${product.id}`}
        >
          {t('shops.stock.save')}
        </SubmitButton>
        <button type="button" className="button button--ghost button--small" onClick={onCancel}>
          {t('shops.stock.cancel')}
        </button>
      </div>
    </form>
  );
}

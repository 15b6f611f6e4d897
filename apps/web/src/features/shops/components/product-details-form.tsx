import type { Product } from '@petti/shared/schemas/catalog';
import { useState } from 'react';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { FormAlert, SubmitButton } from '../../../lib/ui/form.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { changeProduct } from '../shops-api.ts';
import { type ProductBasics, ProductBasicsFields } from './product-basics.tsx';

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
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [basics, setBasics] = useState<ProductBasics>({
    en: product.name.en,
    ta: product.name.ta,
    categoryId: product.categoryId,
    hazardous: product.hazardous,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const en = basics.en.trim();
    const ta = basics.ta.trim();
    if (en.length < 2 || !ta) {
      setProblem(t(en.length < 2 ? 'shops.stock.tooShort' : 'shops.stock.required'));
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      const { product: next } = await changeProduct(shopId, product.id, {
        name: { en, ta },
        categoryId: basics.categoryId,
        hazardous: basics.hazardous,
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
      <ProductBasicsFields value={basics} onChange={(patch) => setBasics({ ...basics, ...patch })} />
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

import type { ShopSummary } from '@petti/shared/schemas/shops';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { FormAlert, SubmitButton } from '../../../lib/ui/form.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { setShopHours } from '../shops-api.ts';

/**
 * The owner sets when the shop is open (town time; docs/shops.md#roles). The cart and orders obey it
 * at once: outside these hours shoppers may only order for when it opens.
 */
export function ShopHoursForm({ shop }: { shop: ShopSummary }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(shop.opensAt);
  // A shop open until midnight says 24:00; a time field can only say 23:59.
  const [close, setClose] = useState(shop.closesAt === '24:00' ? '23:59' : shop.closesAt);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setProblem(null);
    try {
      await setShopHours(shop.id, { open, close: close === '23:59' ? '24:00' : close });
      toast(t('shops.hours.saved', { open, close }), { variant: 'success', id: 'shop-hours' });
      await queryClient.invalidateQueries({ queryKey: ['shops', 'mine'] });
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="panel stack" onSubmit={(e) => void save(e)} data-testid="shop-hours">
      <h2 className="panel__title">{t('shops.hours.title')}</h2>
      <p className="muted">{t('shops.hours.lead')}</p>
      <div className="shop-hours">
        <label className="shop-hours__field">
          <span className="field__label">{t('shops.hours.open')}</span>
          <input
            className="input"
            type="time"
            value={open}
            onChange={(e) => setOpen(e.target.value)}
            required
          />
        </label>
        <label className="shop-hours__field">
          <span className="field__label">{t('shops.hours.close')}</span>
          <input
            className="input"
            type="time"
            value={close}
            onChange={(e) => setClose(e.target.value)}
            required
          />
        </label>
      </div>
      {problem && <FormAlert>{problem}</FormAlert>}
      <SubmitButton pending={pending} pendingLabel={t('shops.hours.save')} testId="save-hours">
        {t('shops.hours.save')}
      </SubmitButton>
    </form>
  );
}

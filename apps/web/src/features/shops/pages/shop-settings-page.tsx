import { townDate } from '@petti/shared/rules/shop-hours';
import { townDateTime } from '@petti/shared/rules/town-time';
import { SELLER_MODES, type SellerMode } from '@petti/shared/schemas/catalog';
import type { ShopSettings, ShopSettingsBody } from '@petti/shared/schemas/shop-settings';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { FormAlert, LoadFailedAlert, SubmitButton, TextField } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { useMyShops } from '../../../lib/work/my-shops.ts';
import { saveShopSettings, setClosedToday, useShopSettings } from '../shops-api.ts';
import '../../../lib/ui/form.css';
import '../shops.css';

type Day = { open: boolean; from: string; to: string };
/** Weekday keys, Sunday first, as the shared rule counts them. */
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** A time field says 23:59 at most; the shop's hours say 24:00 for midnight. */
const toField = (hhmm: string) => (hhmm === '24:00' ? '23:59' : hhmm);
const fromField = (hhmm: string) => (hhmm === '23:59' ? '24:00' : hhmm);
/** Today in town time, as a date field's value. */
const townToday = () => townDate(new Date());

interface Draft {
  from: string;
  to: string;
  byDay: boolean;
  days: Day[];
  closedDates: string[];
  modes: SellerMode[];
  rangeKm: string;
  gstin: string;
  fssai: string;
}

function draftOf(s: ShopSettings): Draft {
  return {
    from: toField(s.hours.open),
    to: toField(s.hours.close),
    byDay: s.week !== null,
    days: Array.from({ length: 7 }, (_, i) => {
      const d = s.week ? s.week[i] : s.hours;
      return {
        open: Boolean(d),
        from: toField(d?.open ?? s.hours.open),
        to: toField(d?.close ?? s.hours.close),
      };
    }),
    closedDates: s.closedDates,
    modes: s.modes,
    rangeKm: String(s.rangeKm),
    gstin: s.gstin ?? '',
    fssai: s.fssai ?? '',
  };
}

function bodyOf(d: Draft): ShopSettingsBody {
  return {
    hours: { open: d.from, close: fromField(d.to) },
    week: d.byDay
      ? d.days.map((day) => (day.open ? { open: day.from, close: fromField(day.to) } : null))
      : null,
    closedDates: d.closedDates,
    modes: d.modes,
    rangeKm: Number(d.rangeKm),
    gstin: d.gstin.trim() || null,
    fssai: d.fssai.trim() || null,
  };
}

/**
 * /shop/:shopId/settings — when the shop is open, the days it is shut, what it offers, how far it
 * delivers and the numbers on its invoices (docs/shops.md#hours-and-holidays). The owner changes them;
 * staff read them. "Closed today" is one tap, apart from the form.
 */
export default function ShopSettingsPage() {
  const { shopId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const mine = useMyShops();
  const isOwner = mine.data?.shops.find((s) => s.shop.id === shopId)?.role === 'owner';
  const settings = useShopSettings(shopId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [holiday, setHoliday] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [toggling, setToggling] = useState(false);
  const language = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';

  useEffect(() => {
    if (settings.data && !draft) setDraft(draftOf(settings.data));
  }, [settings.data, draft]);

  const done = async (next: ShopSettings) => {
    queryClient.setQueryData(['shops', shopId, 'settings'], next);
    await queryClient.invalidateQueries({ queryKey: ['shops', 'mine'] });
  };

  async function toggleToday(closed: boolean) {
    setToggling(true);
    try {
      const next = await setClosedToday(shopId, closed);
      toast(t(closed ? 'shops.settings.closedTodayDone' : 'shops.settings.openAgainDone'), {
        variant: 'success',
        id: 'shop-settings',
      });
      await done(next);
      setDraft((d) => d && { ...d, closedDates: next.closedDates });
    } catch (error) {
      toast(errorText(error), { variant: 'error', id: 'shop-settings' });
    } finally {
      setToggling(false);
    }
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setProblem(null);
    if (draft.modes.length === 0) {
      setProblem(t('shops.settings.chooseMode'));
      return;
    }
    setPending(true);
    try {
      const next = await saveShopSettings(shopId, bodyOf(draft));
      toast(t('shops.settings.saved'), { variant: 'success', id: 'shop-settings' });
      await done(next);
      setDraft(draftOf(next));
    } catch (error) {
      // Everything typed stays, to correct.
      setProblem(errorText(error));
    } finally {
      setPending(false);
    }
  }

  const set = (patch: Partial<Draft>) => setDraft((d) => d && { ...d, ...patch });
  const setDay = (i: number, patch: Partial<Day>) =>
    setDraft((d) => d && { ...d, days: d.days.map((day, j) => (j === i ? { ...day, ...patch } : day)) });
  const s = settings.data;

  return (
    <PageIntro page="shopSettings">
      {settings.isPending || !draft ? (
        settings.isError ? (
          <LoadFailedAlert
            reason={errorText(settings.error)}
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <LoadingLine />
        )
      ) : (
        <>
          <section className="panel stack" data-testid="shop-today">
            <p
              className={s?.openNow ? 'shop-today shop-today--open' : 'shop-today'}
              data-testid="shop-today-state"
            >
              {s?.openNow
                ? t('shops.settings.openNow')
                : s?.nextOpensAt
                  ? t(s.closedToday ? 'shops.settings.closedTodayUntil' : 'shops.settings.closedUntil', {
                      time: townDateTime(s.nextOpensAt, language),
                    })
                  : t('shops.settings.closedNoOpening')}
            </p>
            {isOwner && (
              <button
                type="button"
                className={s?.closedToday ? 'button button--primary' : 'button button--secondary'}
                disabled={toggling}
                aria-busy={toggling || undefined}
                onClick={() => void toggleToday(!s?.closedToday)}
                data-testid="closed-today"
              >
                {s?.closedToday ? t('shops.settings.openAgain') : t('shops.settings.closeToday')}
              </button>
            )}
            <p className="muted">{t('shops.settings.closeTodayHint')}</p>
          </section>

          <form className="stack" onSubmit={(e) => void save(e)} noValidate data-testid="shop-settings">
            <fieldset className="panel stack" disabled={!isOwner}>
              <legend className="panel__title">{t('shops.settings.hoursTitle')}</legend>
              <div className="pack-fields__row">
                <TextField
                  label={t('shops.hours.open')}
                  type="time"
                  value={draft.from}
                  onChange={(e) => set({ from: e.target.value })}
                  data-testid="hours-open"
                />
                <TextField
                  label={t('shops.hours.close')}
                  type="time"
                  value={draft.to}
                  onChange={(e) => set({ to: e.target.value })}
                  data-testid="hours-close"
                />
              </div>
              <label className="check-row">
                <input
                  type="checkbox"
                  checked={draft.byDay}
                  onChange={(e) => set({ byDay: e.target.checked })}
                  data-testid="hours-by-day"
                />
                <span>{t('shops.settings.byDay')}</span>
              </label>
              {draft.byDay && (
                <ul className="week-hours">
                  {draft.days.map((day, i) => {
                    const name = t(`shops.settings.days.${WEEKDAYS[i]!}`);
                    return (
                      <li key={WEEKDAYS[i]} className="week-hours__day" data-testid={`day-${i}`}>
                        <label className="check-row">
                          <input
                            type="checkbox"
                            checked={day.open}
                            onChange={(e) => setDay(i, { open: e.target.checked })}
                          />
                          <span>{name}</span>
                        </label>
                        {day.open ? (
                          <span className="week-hours__times">
                            <input
                              className="input"
                              type="time"
                              aria-label={t('shops.settings.dayOpens', { day: name })}
                              value={day.from}
                              onChange={(e) => setDay(i, { from: e.target.value })}
                            />
                            <input
                              className="input"
                              type="time"
                              aria-label={t('shops.settings.dayCloses', { day: name })}
                              value={day.to}
                              onChange={(e) => setDay(i, { to: e.target.value })}
                            />
                          </span>
                        ) : (
                          <span className="muted">{t('shops.settings.shut')}</span>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
            </fieldset>

            <fieldset className="panel stack" disabled={!isOwner}>
              <legend className="panel__title">{t('shops.settings.holidaysTitle')}</legend>
              <p className="muted">{t('shops.settings.holidaysLead')}</p>
              <div className="holiday-add">
                <TextField
                  label={t('shops.settings.holidayDate')}
                  type="date"
                  min={townToday()}
                  value={holiday}
                  onChange={(e) => setHoliday(e.target.value)}
                  data-testid="holiday-date"
                />
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={!holiday || holiday < townToday()}
                  onClick={() => {
                    if (!draft.closedDates.includes(holiday))
                      set({ closedDates: [...draft.closedDates, holiday].sort() });
                    setHoliday('');
                  }}
                  data-testid="holiday-add"
                >
                  {t('shops.settings.holidayAdd')}
                </button>
              </div>
              {draft.closedDates.length === 0 ? (
                <p className="muted">{t('shops.settings.noHolidays')}</p>
              ) : (
                <ul className="holiday-list" data-testid="holidays">
                  {draft.closedDates.map((d) => (
                    <li key={d} className="holiday-list__item">
                      <span>
                        {new Date(`${d}T12:00:00+05:30`).toLocaleDateString(
                          language === 'ta' ? 'ta-IN' : 'en-IN',
                          { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' },
                        )}
                      </span>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        onClick={() => set({ closedDates: draft.closedDates.filter((x) => x !== d) })}
                      >
                        {t('shops.settings.holidayRemove')}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>

            <fieldset className="panel stack" disabled={!isOwner}>
              <legend className="panel__title">{t('shops.settings.offerTitle')}</legend>
              {SELLER_MODES.map((m) => (
                <label key={m} className="check-row">
                  <input
                    type="checkbox"
                    checked={draft.modes.includes(m)}
                    onChange={(e) =>
                      set({
                        modes: e.target.checked ? [...draft.modes, m] : draft.modes.filter((x) => x !== m),
                      })
                    }
                    data-testid={`mode-${m}`}
                  />
                  <span>{t(`shops.settings.modes.${m}`)}</span>
                </label>
              ))}
              <TextField
                label={t('shops.settings.range')}
                inputMode="decimal"
                value={draft.rangeKm}
                onChange={(e) => set({ rangeKm: e.target.value })}
                data-testid="range-km"
              />
            </fieldset>

            <fieldset className="panel stack" disabled={!isOwner}>
              <legend className="panel__title">{t('shops.settings.invoiceTitle')}</legend>
              <TextField
                label={t('shops.settings.gstin')}
                hint={t('shops.settings.gstinHint')}
                optional
                autoCapitalize="characters"
                value={draft.gstin}
                onChange={(e) => set({ gstin: e.target.value })}
                data-testid="gstin"
              />
              <TextField
                label={t('shops.settings.fssai')}
                hint={t('shops.settings.fssaiHint')}
                optional
                inputMode="numeric"
                value={draft.fssai}
                onChange={(e) => set({ fssai: e.target.value })}
                data-testid="fssai"
              />
            </fieldset>

            {problem && (
              <FormAlert testId="settings-problem">
                <p>{problem}</p>
              </FormAlert>
            )}
            {isOwner ? (
              <SubmitButton pending={pending} pendingLabel={t('shops.stock.saving')} testId="settings-save">
                {t('shops.settings.save')}
              </SubmitButton>
            ) : (
              <p className="muted">{t('shops.settings.ownerOnly')}</p>
            )}
          </form>
        </>
      )}
    </PageIntro>
  );
}

import { LANGUAGES, type Language } from '@petti/shared/constants';
import { ROUTES } from '@petti/shared/routes';
import type { Me, NotificationPrefs } from '@petti/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  deleteAccount,
  meQueryKey,
  saveLanguageToAccount,
  updateMe,
  useMe,
} from '../../../lib/current-user.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { setLanguage } from '../../../lib/i18n/index.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { duringSignOut, endLocalSession } from '../../../lib/session.ts';
import { signOut } from '../../../lib/sign-out.ts';
import { confirm } from '../../../lib/ui/dialog-store.ts';
import { LoadFailedAlert } from '../../../lib/ui/form.tsx';
import { LoadingLine } from '../../../lib/ui/loading-overlay.tsx';
import { withLoading } from '../../../lib/ui/loading-store.ts';
import { PageIntro } from '../../../lib/ui/page.tsx';
import { toast } from '../../../lib/ui/toast-store.ts';
import { AlertsPanel } from '../components/alerts-panel.tsx';

/** /settings: language, notification preferences, sign out here or everywhere, delete the account. */
export default function SettingsPage() {
  const me = useMe();
  return (
    <PageIntro page="settings">
      <div className="stack">
        <LanguagePanel />
        <NotificationsPanel me={me} />
        <AlertsPanel />
        <AccountPanel />
      </div>
    </PageIntro>
  );
}

function LanguagePanel() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const current: Language = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  const [saving, setSaving] = useState(false);

  const choose = async (language: Language) => {
    if (language === current || saving) return;
    setSaving(true);
    try {
      // This phone first, so the choice holds even when the account cannot be reached.
      await setLanguage(language);
      try {
        await saveLanguageToAccount(queryClient, language);
        toast.success(i18n.t('settings.languageSaved'), { id: 'language-saved' });
      } catch {
        toast.info(i18n.t('settings.languageLocalOnly'), { id: 'language-saved' });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="settings-language">
      <div className="panel__header">
        <h2 id="settings-language" className="panel__title">
          {t('settings.languageTitle')}
        </h2>
        <p className="panel__hint">{t('settings.languageHint')}</p>
      </div>
      <fieldset className="choice-group" aria-labelledby="settings-language" aria-busy={saving || undefined}>
        {LANGUAGES.map((language) => (
          <label key={language} className="choice" lang={language}>
            <input
              type="radio"
              name="language"
              value={language}
              checked={current === language}
              disabled={saving}
              onChange={() => void choose(language)}
              data-testid={`language-${language}`}
            />
            {autonym(language) ?? t(`language.${language}`)}
          </label>
        ))}
      </fieldset>
    </section>
  );
}

/** A language's name in that language ("English", "தமிழ்"), where the browser knows it. */
function autonym(language: Language): string | undefined {
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(language);
  } catch {
    return undefined;
  }
}

const PREF_KEYS = ['bookings', 'orders', 'offers'] as const satisfies readonly (keyof NotificationPrefs)[];

function NotificationsPanel({ me }: { me: ReturnType<typeof useMe> }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Partial<Record<keyof NotificationPrefs, boolean>>>({});

  const toggle = async (key: keyof NotificationPrefs, value: boolean) => {
    const before = queryClient.getQueryData<Me>(meQueryKey);
    if (!before) return;
    // Show the change at once; put it back if the server refuses.
    queryClient.setQueryData<Me>(meQueryKey, {
      ...before,
      notificationPrefs: { ...before.notificationPrefs, [key]: value },
    });
    setPending((p) => ({ ...p, [key]: true }));
    try {
      const saved = await updateMe({ notificationPrefs: { [key]: value } });
      queryClient.setQueryData(meQueryKey, saved);
    } catch (error) {
      const now = queryClient.getQueryData<Me>(meQueryKey);
      if (now) {
        queryClient.setQueryData<Me>(meQueryKey, {
          ...now,
          notificationPrefs: { ...now.notificationPrefs, [key]: before.notificationPrefs[key] },
        });
      }
      toast.error(`${t('settings.prefSaveFailed')} ${errorText(error)}`, { id: `pref-${key}` });
    } finally {
      setPending((p) => ({ ...p, [key]: false }));
    }
  };

  return (
    <section className="panel" aria-labelledby="settings-notifications">
      <div className="panel__header">
        <h2 id="settings-notifications" className="panel__title">
          {t('settings.notificationsTitle')}
        </h2>
        <p className="panel__hint">{t('settings.notificationsHint')}</p>
      </div>
      {me.isPending ? (
        <LoadingLine />
      ) : me.isError ? (
        <LoadFailedAlert reason={errorText(me.error)} error={me.error} onRetry={() => void me.refetch()} />
      ) : (
        <ul className="switch-list">
          {PREF_KEYS.map((key) => (
            <li key={key}>
              <label className="switch-row">
                <span className="switch-row__text">
                  <span className="switch-row__label">{t(`settings.prefs.${key}.label`)}</span>
                  <span className="switch-row__hint">{t(`settings.prefs.${key}.hint`)}</span>
                </span>
                <input
                  type="checkbox"
                  role="switch"
                  className="switch"
                  checked={me.data.notificationPrefs[key]}
                  aria-checked={me.data.notificationPrefs[key]}
                  disabled={pending[key]}
                  onChange={(event) => void toggle(key, event.target.checked)}
                  data-testid={`pref-${key}`}
                />
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AccountPanel() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const toLogin = () => navigate(ROUTES.login, { replace: true });

  const signOutHere = async () => {
    await withLoading(signOut({ beforeClear: toLogin }));
    toast.success(i18n.t('settings.signedOut'), { id: 'signed-out' });
  };

  const signOutEverywhere = async () => {
    const answer = await confirm({
      title: t('settings.signOutEverywhereTitle'),
      message: t('settings.signOutEverywhereMessage'),
      confirmLabel: t('settings.signOutEverywhere'),
    });
    if (answer !== 'confirm') return;
    const { reachedServer } = await withLoading(signOut({ global: true, beforeClear: toLogin }));
    if (reachedServer) toast.success(i18n.t('settings.signedOutEverywhere'), { id: 'signed-out' });
    else toast.error(i18n.t('settings.signedOutHereOnly'), { id: 'signed-out', timeoutMs: 0 });
  };

  const removeAccount = async () => {
    const answer = await confirm({
      title: t('settings.deleteTitle'),
      message: t('settings.deleteMessage'),
      confirmLabel: t('settings.deleteConfirm'),
      danger: true,
    });
    if (answer !== 'confirm') return;
    try {
      await withLoading(
        duringSignOut(async () => {
          await deleteAccount();
          await toLogin();
          await endLocalSession('deleted');
        }),
      );
      toast.success(i18n.t('settings.deleted'), { id: 'account-deleted' });
    } catch (error) {
      toast.error(errorText(error), { id: 'delete-failed' });
    }
  };

  return (
    <section className="panel" aria-labelledby="settings-account">
      <h2 id="settings-account" className="panel__title">
        {t('settings.accountTitle')}
      </h2>
      <ul className="action-list">
        <li className="action-row">
          <p className="action-row__hint">{t('settings.signOutHint')}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void signOutHere()}
            data-testid="sign-out"
          >
            {t('settings.signOut')}
          </button>
        </li>
        <li className="action-row">
          <p className="action-row__hint">{t('settings.signOutEverywhereHint')}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void signOutEverywhere()}
            data-testid="sign-out-everywhere"
          >
            {t('settings.signOutEverywhere')}
          </button>
        </li>
        <li className="action-row action-row--danger">
          <p className="action-row__hint">{t('settings.deleteHint')}</p>
          <button
            type="button"
            className="button button--ghost button--danger-outline"
            onClick={() => void removeAccount()}
            data-testid="delete-account"
          >
            {t('settings.deleteAccount')}
          </button>
        </li>
      </ul>
    </section>
  );
}

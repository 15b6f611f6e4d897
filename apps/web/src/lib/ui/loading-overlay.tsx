import { LOADING_OVERLAY } from '@petti/shared/constants';
import { useTranslation } from '../i18n/react.tsx';
import { useIsLoading } from './loading-store.ts';

/** Shown with no delay (LOADING_OVERLAY.delayMs is 0) whenever the loading store is held. */
export function LoadingOverlay() {
  const active = useIsLoading();
  const { t } = useTranslation();
  if (!active) return null;
  return (
    <div className="loading-overlay" role="progressbar" aria-busy="true" aria-label={t('loading.label')}>
      <Spinner size={LOADING_OVERLAY.spinnerPx} />
    </div>
  );
}

export function Spinner({ size = LOADING_OVERLAY.spinnerPx }: { size?: number }) {
  return <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />;
}

/** "Loading…" with a small spinner, where content is on its way. */
export function LoadingLine() {
  const { t } = useTranslation();
  return (
    <p className="status-line" role="status">
      <Spinner size={20} />
      {t('loading.label')}
    </p>
  );
}

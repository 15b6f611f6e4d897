import { useTranslation } from '../i18n/react.tsx';
import { isLiveHealthy } from './connection-state.ts';
import { useLiveStatus } from './index.ts';
import './live-indicator.css';

/** A small sign in the app bar while live updates are not arriving (nothing when all is well). */
export function LiveIndicator() {
  const { t } = useTranslation();
  const state = useLiveStatus();
  if (isLiveHealthy(state)) return null;
  const waiting = state === 'ConnectedPendingNetwork' || state === 'ConnectionDisruptedPendingNetwork';
  const label = waiting ? t('live.downOffline') : t('live.down');
  return (
    <span
      className="live-indicator"
      role="status"
      data-testid="live-indicator"
      data-state={state}
      title={label}
    >
      <span className="live-indicator__dot" aria-hidden="true" />
      <span className="live-indicator__text">{t('live.short')}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

import { TOAST_POSITIONS } from '@petti/shared/constants';
import { useTranslation } from '../i18n/react.tsx';
import { atLeast, useBreakpoint } from '../viewport.ts';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons.tsx';
import { type Toast, type ToastPlacement, toast, useToasts } from './toast-store.ts';

// TOAST_POSITIONS (docs/product.md#toasts-and-dialogs), less the bare 'top' / 'bottom' (they resolve to the
// centre variants).
const PLACEMENTS = TOAST_POSITIONS.filter((p): p is ToastPlacement => p.includes('-'));

/** Phones are too narrow for left / centre / right: there, toasts stack per edge, full width. */
const NARROW_PLACEMENTS: ToastPlacement[] = ['top-center', 'bottom-center'];
const edge = (placement: ToastPlacement) => placement.split('-')[0];

const ICONS = { success: CheckIcon, error: AlertIcon, info: InfoIcon } as const;

/** Renders the toast store. The regions always exist so screen readers announce new toasts. */
export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  const wide = atLeast('sm', useBreakpoint());
  const regions = wide ? PLACEMENTS : NARROW_PLACEMENTS;
  const inRegion = (item: Toast, region: ToastPlacement) =>
    wide ? item.placement === region : edge(item.placement) === edge(region);
  return (
    <>
      {regions.map((region) => (
        <section
          key={region}
          className={`toaster toaster--${region}`}
          aria-label={t('toast.notifications')}
          aria-live="polite"
        >
          {toasts
            .filter((item) => inRegion(item, region))
            .map((item) => (
              <ToastView key={item.id} item={item} />
            ))}
        </section>
      ))}
    </>
  );
}

function ToastView({ item }: { item: Toast }) {
  const { t } = useTranslation();
  const Icon = ICONS[item.variant];
  return (
    <div className={`toast toast--${item.variant}`} role={item.variant === 'error' ? 'alert' : 'status'}>
      <Icon className="toast__icon" size={22} />
      <p className="toast__message">{item.message}</p>
      {item.actions.length > 0 && (
        <div className="toast__actions">
          {item.actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className="toast__action"
              onClick={() => toast.runAction(item.id, action)}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
      <button
        type="button"
        className="toast__close"
        aria-label={t('toast.close')}
        onClick={() => toast.dismiss(item.id)}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}

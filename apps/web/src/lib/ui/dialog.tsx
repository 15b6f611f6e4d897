import type { DIALOG_DEFAULTS } from '@petti/shared/constants';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { answerDialog, type PendingDialog, useCurrentDialog } from './dialog-store.ts';

// The translated defaults live under dialog.* and must say what DIALOG_DEFAULTS says in English.
const LABEL_KEYS = {
  confirm: 'dialog.confirm',
  deny: 'dialog.deny',
  cancel: 'dialog.cancel',
} as const satisfies Record<keyof typeof DIALOG_DEFAULTS, string>;

/** Shows the first queued dialog as a native modal <dialog>: the page behind is inert, Esc cancels. */
export function DialogHost() {
  const current = useCurrentDialog();
  return current ? <DialogView key={current.id} pending={current} /> : null;
}

function DialogView({ pending }: { pending: PendingDialog }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();
  const { options, id } = pending;
  const showDeny = options.deny ?? options.denyLabel !== undefined;
  const showCancel = options.cancel ?? true;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={options.message ? messageId : undefined}
      onCancel={(event) => {
        event.preventDefault(); // Esc: answer, then unmount closes it
        answerDialog(id, 'cancel');
      }}
      onKeyDown={(event) => trapTab(event, ref.current)}
    >
      <h2 id={titleId} className="dialog__title">
        {options.title}
      </h2>
      {options.message && (
        <p id={messageId} className="dialog__message">
          {options.message}
        </p>
      )}
      <div className="dialog__actions">
        {showCancel && (
          <button type="button" className="button button--ghost" onClick={() => answerDialog(id, 'cancel')}>
            {options.cancelLabel ?? t(LABEL_KEYS.cancel)}
          </button>
        )}
        {showDeny && (
          <button type="button" className="button button--secondary" onClick={() => answerDialog(id, 'deny')}>
            {options.denyLabel ?? t(LABEL_KEYS.deny)}
          </button>
        )}
        <button
          type="button"
          className={`button ${options.danger ? 'button--danger' : 'button--primary'}`}
          onClick={() => answerDialog(id, 'confirm')}
        >
          {options.confirmLabel ?? t(LABEL_KEYS.confirm)}
        </button>
      </div>
    </dialog>
  );
}

/** Keeps Tab and Shift+Tab cycling inside the dialog (browsers without a full inert backdrop). */
function trapTab(event: React.KeyboardEvent, root: HTMLElement | null): void {
  if (event.key !== 'Tab' || !root) return;
  const focusable = root.querySelectorAll<HTMLElement>(
    'button:not([disabled]), [href], input, select, textarea',
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

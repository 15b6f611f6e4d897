import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * Confirm / deny / cancel dialogs (docs/product.md#toasts-and-dialogs: default labels 'OK', 'No', 'Cancel',
 * translated). `confirm()` queues a dialog and resolves with the button the user chose; Esc answers 'cancel'.
 */

export type DialogAnswer = 'confirm' | 'deny' | 'cancel';

export interface DialogOptions {
  /** Already translated. */
  title: string;
  message?: string;
  /** Defaults to the translated DIALOG_DEFAULTS labels. */
  confirmLabel?: string;
  denyLabel?: string;
  cancelLabel?: string;
  /** Show the deny ('No') button. Default: only when denyLabel is given. */
  deny?: boolean;
  /** Show the cancel button. Default true. */
  cancel?: boolean;
  /** Style the confirm button as destructive. */
  danger?: boolean;
}

export interface PendingDialog {
  id: number;
  options: DialogOptions;
  resolve: (answer: DialogAnswer) => void;
}

interface DialogState {
  queue: PendingDialog[];
}

export const dialogStore = createStore<DialogState>(() => ({ queue: [] }));
let counter = 0;

export function confirm(options: DialogOptions): Promise<DialogAnswer> {
  return new Promise((resolve) => {
    const pending: PendingDialog = { id: ++counter, options, resolve };
    dialogStore.setState((s) => ({ queue: [...s.queue, pending] }));
  });
}

/** Answers the dialog with this id (ignored if it is no longer open) and shows the next one. */
export function answerDialog(id: number, answer: DialogAnswer): void {
  const pending = dialogStore.getState().queue.find((d) => d.id === id);
  if (!pending) return;
  dialogStore.setState((s) => ({ queue: s.queue.filter((d) => d.id !== id) }));
  pending.resolve(answer);
}

/** Cancels every open and queued dialog (e.g. on sign-out). */
export function cancelAllDialogs(): void {
  const { queue } = dialogStore.getState();
  dialogStore.setState({ queue: [] });
  for (const pending of queue) pending.resolve('cancel');
}

export function useCurrentDialog(): PendingDialog | undefined {
  return useStore(dialogStore, (s) => s.queue[0]);
}

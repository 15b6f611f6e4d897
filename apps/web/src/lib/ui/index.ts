export { DialogHost } from './dialog.tsx';
export {
  answerDialog,
  cancelAllDialogs,
  confirm,
  type DialogAnswer,
  type DialogOptions,
} from './dialog-store.ts';
export { ErrorBoundary } from './error-boundary.tsx';
export { ErrorView } from './error-view.tsx';
export { LoadingOverlay, Spinner } from './loading-overlay.tsx';
export { loading, useIsLoading, withLoading } from './loading-store.ts';
export { PageIntro } from './page.tsx';
export { type Toast, type ToastAction, type ToastOptions, type ToastVariant, toast } from './toast-store.ts';
export { Toaster } from './toaster.tsx';

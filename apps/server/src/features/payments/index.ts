/**
 * The payments feature's public surface: other features import only this file
 * (docs/payments.md). Purposes plug in with `onCaptured`/`onFailed`/`onRefunded`/`describe`;
 * flows open payments with `draft` → `openProviderOrder` (a call step) → `record`.
 */
export type { NotificationInput, NotificationSink } from './core.ts';
export type { CaptureOutcome, CaptureRequest } from './flows/capture.ts';
export type { RefundRequest } from './flows/refund-steps.ts';
export {
  type CapturedHandler,
  type CreatePaymentInput,
  createPaymentsService,
  type Describer,
  type FailedHandler,
  GrantRefused,
  type OpenedOrder,
  type PaymentDraft,
  type PaymentRow,
  type PaymentsService,
  type RefundedHandler,
} from './service.ts';
export { newPaymentSummary, type PaymentSummary } from './store.ts';
export { isSettled } from './views.ts';

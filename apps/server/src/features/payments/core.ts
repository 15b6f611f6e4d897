import { EVENTS, type PaymentProviderName } from '@petti/shared';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Localized } from '../../db/columns.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Effects, Transactor } from '../../platform/events/transactor.ts';
import type { UserEvents } from '../../platform/events/user-events.ts';
import type { FlowRunner } from '../../platform/flows/runner.ts';
import type { JobWorker } from '../../platform/jobs/worker.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { EVENT_TEXT } from './event-texts.ts';
import { newPurposeHandlers, type PurposeHandlers } from './handlers.ts';
import type { PaymentRow, ReceiptIssuer } from './views.ts';

/** A stored notification, as the notifications feature's `add` takes it. */
export interface NotificationInput {
  userId: string;
  kind: string;
  title: Localized;
  body: Localized;
  data?: Record<string, unknown>;
}

/** Where stored notifications go (the notifications feature's service, given by the composition root). */
export interface NotificationSink {
  add(tx: DbOrTx, n: NotificationInput): Promise<unknown>;
}

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  transactor: Transactor;
  userEvents: UserEvents;
  log: Logger;
  flows: FlowRunner;
  jobs: JobWorker;
  /** The providers this process can talk to; `current` takes new payments. */
  providers: Partial<Record<PaymentProviderName, PaymentProvider>>;
  current: PaymentProviderName;
  /** Money coming back is worth keeping: each refund is also stored as a notification. */
  notifications: NotificationSink;
  /** Who issues Petti's receipts (config.ISSUER). */
  issuer: ReceiptIssuer;
}

export type PaymentEventName = 'paymentCaptured' | 'paymentFailed' | 'paymentRefunded';

/** What every use case of payments shares: its dependencies, the providers and the purpose handlers. */
export interface PaymentsCore extends PaymentsDeps {
  handlers: PurposeHandlers;
  providerFor(name: PaymentProviderName): PaymentProvider;
  keyIdOf(row: PaymentRow): string;
  publish(
    fx: Effects,
    row: PaymentRow,
    sessionId: string | null,
    event: PaymentEventName,
    data: Record<string, unknown>,
  ): Promise<void>;
}

export function createPaymentsCore(deps: PaymentsDeps): PaymentsCore {
  return {
    ...deps,
    handlers: newPurposeHandlers(),
    providerFor(name) {
      const provider = deps.providers[name];
      if (!provider)
        throw new AppError('PaymentsUnavailable', `The ${name} payment provider is not configured.`);
      return provider;
    },
    keyIdOf: (row) => deps.providers[row.provider]?.keyId ?? '',
    async publish(fx, row, sessionId, event, data) {
      await deps.userEvents.emit(fx, {
        userId: row.userId,
        event: EVENTS[event],
        data: { id: row.id, purpose: row.purpose, subjectId: row.subjectId, ...data },
        text: EVENT_TEXT[event],
        sessionId,
      });
    },
  };
}

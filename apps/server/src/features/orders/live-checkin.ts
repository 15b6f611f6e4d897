import { ERRORS_TA, EVENTS, isErrorCode } from '@petti/shared';
import { type LiveRequestEnvelope, liveRequestEnvelope } from '@petti/shared/schemas/live-requests';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import type { UserEvents } from '../../platform/events/user-events.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { OrdersService } from './service.ts';

const REQUESTS = /^users\/([^/]+)\/requests$/;
const SESSION_ID = /^[\w.:-]{1,100}$/;

/**
 * Curbside check-ins the app published over the live connection (docs/marketplace.md, the order routes):
 * what a shopper tapped in a car park with no signal waits in the app's offline buffer and arrives here
 * once the connection is back. The broker's topic names a user, but any broker (an external one too) could carry a
 * forged one: the access token inside must name that same user, or the message is dropped. What cannot be
 * done any more (the order moved on) is told back as `liveRequestRefused`.
 */
export function createLiveCheckin(deps: {
  orders: Pick<OrdersService, 'onMyWay' | 'arrived'>;
  authenticate: (accessToken: string) => Promise<{ userId: string } | null>;
  userEvents: UserEvents;
  transactor: Transactor;
  log: Logger;
}) {
  const { log } = deps;

  async function refuse(userId: string, envelope: LiveRequestEnvelope, err: AppError): Promise<void> {
    const ta = isErrorCode(err.code) ? ERRORS_TA[err.code] : ERRORS_TA.InternalFailure;
    await deps.transactor.run((_tx, fx) =>
      deps.userEvents.emit(fx, {
        userId,
        event: EVENTS.liveRequestRefused,
        data: {
          id: envelope.requestId,
          requestId: envelope.requestId,
          orderId: envelope.request.orderId,
          request: envelope.request.type,
          reason: err.code,
        },
        text: { en: err.message, ta },
        sessionId: envelope.sessionId,
      }),
    );
  }

  async function handle(topic: string, payload: Buffer): Promise<void> {
    const topicUser = REQUESTS.exec(topic)?.[1];
    if (!topicUser) return;
    let envelope: LiveRequestEnvelope;
    try {
      const parsed = liveRequestEnvelope.safeParse(JSON.parse(payload.toString()));
      if (!parsed.success) return void log.warn({ topic }, 'malformed live request');
      envelope = parsed.data;
    } catch {
      return void log.warn({ topic }, 'live request is not JSON');
    }
    const who = await deps.authenticate(envelope.token);
    if (!who || who.userId !== topicUser) return void log.warn({ topic }, 'live request refused: token');
    const caller = {
      userId: who.userId,
      sessionId: envelope.sessionId && SESSION_ID.test(envelope.sessionId) ? envelope.sessionId : null,
    };
    const { request } = envelope;
    const where = {
      ...(request.bay ? { bay: request.bay } : {}),
      ...(request.landmark ? { landmark: request.landmark } : {}),
    };
    try {
      if (request.type === 'curbsideOnMyWay') await deps.orders.onMyWay(caller, request.orderId, where);
      else await deps.orders.arrived(caller, request.orderId, where);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      await refuse(who.userId, envelope, err);
    }
  }

  return {
    handle,
    /**
     * Listens for every user's requests, each handled by one process of several (`local`).
     */
    async listen(realtime: Realtime): Promise<() => Promise<void>> {
      return realtime.subscribe('users/+/requests', handle, { local: true });
    },
  };
}

export type LiveCheckin = ReturnType<typeof createLiveCheckin>;

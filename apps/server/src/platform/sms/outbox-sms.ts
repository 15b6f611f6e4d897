import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { devOutbox } from '../outbox/schema.ts';
import type { SmsProvider } from './sms-provider.ts';

/** The embedded default: logs the message and keeps it in the dev outbox instead of sending it. */
export function createOutboxSms(db: Db, clock: Clock, log: Logger): SmsProvider {
  return {
    name: 'outbox',
    async send({ to, body }) {
      await db.insert(devOutbox).values({ channel: 'sms', recipient: to, body, sentAt: clock.now() });
      log.info({ to }, 'SMS kept in the dev outbox');
    },
  };
}
